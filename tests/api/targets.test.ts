import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, startAdminServer } from "./admin-support.ts";

let t: AdminTestServer;
let admin: ApiClient;

// Fixture: site 1 (Utrecht) active, site 2 (Gouda) closed.
beforeAll(async () => {
  t = await startAdminServer(async (db) => {
    await db.run(`INSERT INTO sites (code, name, postcode, city, lat, lon, active) VALUES
      ('utrecht', 'Utrecht', '3511AA', 'Utrecht', 52.09, 5.12, true),
      ('gouda', 'Gouda', '2801AA', 'Gouda', 52.01, 4.71, false)`);
  });
  admin = t.admin;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const auditOf = async (entityId: string) =>
  (await admin.get(`/api/admin/audit-log?entity=siteTarget&entityId=${encodeURIComponent(entityId)}`))
    .body as {
    action: string;
    actorEmail: string;
    before: unknown;
    after: unknown;
  }[];

const year = async (value: number) => (await admin.get(`/api/targets?year=${value}`)).body;

describe("targets API", () => {
  it("lists every site and no targets for a year nobody planned", async () => {
    const response = await admin.get("/api/targets?year=2026");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      year: 2026,
      sites: [
        { id: 1, code: "utrecht", name: "Utrecht", active: true },
        { id: 2, code: "gouda", name: "Gouda", active: false },
      ],
      targets: [],
    });
  });

  it("sets a year grid in one batch, a figure left null, and audits each site-month", async () => {
    const response = await admin.put("/api/targets", {
      targets: [
        { siteId: 1, month: "2026-03", washes: 3000, revenueExVatCents: 4_500_000, newMembers: 40 },
        { siteId: 1, month: "2026-04", washes: 3200, revenueExVatCents: null, newMembers: null },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ cleared: 0, unchanged: 0 });
    expect(response.body.saved).toHaveLength(2);
    const { targets } = await year(2026);
    expect(targets).toMatchObject([
      { siteId: 1, month: "2026-03", washes: 3000, revenueExVatCents: 4_500_000, newMembers: 40 },
      { siteId: 1, month: "2026-04", washes: 3200, revenueExVatCents: null, newMembers: null },
    ]);
    expect(targets[0].updatedBy).toBe("demo@wasbord.nl");
    expect((await year(2025)).targets).toEqual([]);
    const [entry] = await auditOf("1/2026-03");
    expect(entry).toMatchObject({
      action: "created",
      actorEmail: "demo@wasbord.nl",
      before: null,
      after: { siteId: 1, month: "2026-03", washes: 3000, revenueExVatCents: 4_500_000, newMembers: 40 },
    });
  });

  it("changes and clears one site-month; saving the same values again writes no audit entry", async () => {
    const change = await admin.put("/api/targets/1/2026-03", {
      washes: 3100,
      revenueExVatCents: 4_500_000,
      newMembers: 40,
    });
    expect(change.status).toBe(200);
    expect(change.body.saved[0]).toMatchObject({ washes: 3100 });
    const again = await admin.put("/api/targets/1/2026-03", {
      washes: 3100,
      revenueExVatCents: 4_500_000,
      newMembers: 40,
    });
    expect(again.body).toMatchObject({ unchanged: 1, cleared: 0 });
    const clear = await admin.put("/api/targets/1/2026-03", {
      washes: null,
      revenueExVatCents: null,
      newMembers: null,
    });
    expect(clear.body).toEqual({ saved: [], cleared: 1, unchanged: 0 });
    expect((await year(2026)).targets.map((target: { month: string }) => target.month)).toEqual(["2026-04"]);
    const entries = await auditOf("1/2026-03");
    expect(entries.map((entry) => entry.action)).toEqual(["deleted", "updated", "created"]);
    expect(entries[0]).toMatchObject({ before: { washes: 3100 }, after: null });
    expect(entries[1]).toMatchObject({ before: { washes: 3000 }, after: { washes: 3100 } });
  });

  it("refuses invalid figures and months with the exact field paths, and stores nothing", async () => {
    const response = await admin.put("/api/targets", {
      targets: [
        { siteId: 1, month: "2026-05", washes: -1, revenueExVatCents: 12.5, newMembers: null },
        { siteId: 1, month: "2026-13", washes: 10, revenueExVatCents: null, newMembers: "veel" },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([
      { path: "targets[0].washes", message: "Een doel kan niet negatief zijn." },
      { path: "targets[0].revenueExVatCents", message: "Vul een heel getal in, zonder decimalen." },
      { path: "targets[1].newMembers", message: "Vul een heel getal in, of laat het veld leeg." },
      { path: "targets[1].month", message: "Vul een maand in als JJJJ-MM, bijvoorbeeld 2026-03." },
    ]);
    const twice = { siteId: 1, month: "2026-05", washes: 10, revenueExVatCents: null, newMembers: null };
    const duplicate = await admin.put("/api/targets", { targets: [twice, { ...twice, washes: 20 }] });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.error.fields).toEqual([
      { path: "targets[1].month", message: "Deze vestiging en maand staan al eerder in de lijst." },
    ]);
    const oneMonth = await admin.put("/api/targets/1/2026-1", { washes: 1, revenueExVatCents: null });
    expect(oneMonth.status).toBe(422);
    expect(oneMonth.body.error.fields).toEqual([
      { path: "month", message: "Vul een maand in als JJJJ-MM, bijvoorbeeld 2026-03." },
    ]);
    const badYear = await admin.get("/api/targets?year=twintig");
    expect(badYear.status).toBe(422);
    expect(badYear.body.error.fields[0].path).toBe("year");
    expect((await year(2026)).targets.map((target: { month: string }) => target.month)).toEqual(["2026-04"]);
  });

  it("refuses an unknown site, and a closed site for setting but not for clearing", async () => {
    const response = await admin.put("/api/targets", {
      targets: [
        { siteId: 1, month: "2026-06", washes: 10, revenueExVatCents: null, newMembers: null },
        { siteId: 9, month: "2026-06", washes: 10, revenueExVatCents: null, newMembers: null },
        { siteId: 2, month: "2026-06", washes: 10, revenueExVatCents: null, newMembers: null },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([
      { path: "targets[1].siteId", message: "Deze vestiging bestaat niet (meer)." },
      {
        path: "targets[2].siteId",
        message: "Deze vestiging is niet actief: er kunnen geen doelen voor worden gezet.",
      },
    ]);
    // The batch is one change: the valid first row was not stored either.
    expect((await year(2026)).targets.map((target: { month: string }) => target.month)).toEqual(["2026-04"]);
    const clearClosed = await admin.put("/api/targets/2/2026-06", {
      washes: null,
      revenueExVatCents: null,
      newMembers: null,
    });
    expect(clearClosed.body).toEqual({ saved: [], cleared: 0, unchanged: 1 });
  });

  it("lets an analist read the targets but not change them", async () => {
    await admin.post("/api/admin/users", { email: "analist@wasbord.nl", role: "analist" });
    const analist = await t.as("analist@wasbord.nl", "analist");
    const read = await analist.get("/api/targets?year=2026");
    expect(read.status).toBe(200);
    expect(read.body.targets).toHaveLength(1);
    const batch = await analist.put("/api/targets", {
      targets: [{ siteId: 1, month: "2026-04", washes: 1, revenueExVatCents: null, newMembers: null }],
    });
    expect(batch.status).toBe(403);
    expect(batch.body.error.message).toBe("Alleen een beheerder mag dit doen.");
    const one = await analist.put("/api/targets/1/2026-04", {
      washes: 1,
      revenueExVatCents: null,
      newMembers: null,
    });
    expect(one.status).toBe(403);
    expect((await year(2026)).targets[0].washes).toBe(3200);
  });
});
