import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Subscription, SubscriptionsOverview } from "../../src/shared/reports/subscriptions.ts";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, auditOf, startAdminServer } from "./admin-support.ts";
import { loadReportsFixture } from "./fixtures/reports-fixture.ts";

// Report subscriptions over HTTP against a started server (its mail goes to the postvak inside the app):
// create with exact field paths in errors, who may name recipients, the next send on a fixed clock,
// "Nu versturen", the opt-out link without signing in, and delete. The schedule itself is tested in
// tests/api/subscriptions-schedule.test.ts.
//
// "Now" is Monday 26 October 2026, 07:30 CET (06:30Z).

let t: AdminTestServer;
let admin: ApiClient;
let analist: ApiClient;

beforeAll(async () => {
  t = await startAdminServer(
    async (db) => {
      await loadReportsFixture(db);
      await db.run("INSERT INTO app_users (email, role) VALUES ('analist@wasbord.nl', 'analist')");
    },
    { WASBORD_CLOCK: "2026-10-26T06:30:00Z" },
  );
  admin = t.admin;
  analist = await t.as("analist@wasbord.nl", "analist");
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const daily = {
  report: "trx-revenue",
  query: "period=last-7-days&compare=previous&site=zeist",
  name: "Zeist, Omzet",
  cadence: "daily",
  hour: 7,
};

let created: Subscription;

describe("subscriptions API", () => {
  it("refuses invalid input with field paths", async () => {
    const response = await admin.post("/api/subscriptions", {
      ...daily,
      query: "site=nergens",
      cadence: "weekly",
      hour: 24,
      recipients: ["ok@wasbord.nl", "geen-adres"],
    });
    expect(response.status).toBe(422);
    const paths = (response.body.error.fields as { path: string }[]).map((f) => f.path).sort();
    expect(paths).toEqual(["hour", "recipients[1]", "weekday"]);
    const badQuery = await admin.post("/api/subscriptions", { ...daily, query: "site=nergens" });
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.error.fields[0].path).toBe("query.site");
  });

  it("lets an analist subscribe only themself", async () => {
    const others = await analist.post("/api/subscriptions", { ...daily, recipients: ["baas@wasbord.nl"] });
    expect(others.status).toBe(403);
    expect(others.body.error.fields[0].path).toBe("recipients");
    const own = await analist.post("/api/subscriptions", daily);
    expect(own.status).toBe(201);
    expect(own.body.recipients.map((r: { email: string }) => r.email)).toEqual(["analist@wasbord.nl"]);
  });

  it("subscribes named recipients at 07:30 for 07:00: the first mail is tomorrow 07:00, audited", async () => {
    const response = await admin.post("/api/subscriptions", {
      ...daily,
      recipients: ["Filiaal.Zeist@wasbord.nl", "analist@wasbord.nl"],
    });
    expect(response.status).toBe(201);
    created = response.body;
    expect(created.next).toBe("2026-10-27T06:00:00.000Z");
    expect(created.query).toBe("period=last-7-days&compare=previous&site=zeist");
    expect(created.recipients.map((r) => r.email)).toEqual([
      "analist@wasbord.nl",
      "filiaal.zeist@wasbord.nl",
    ]);
    const [entry] = await auditOf(admin, "report-subscription", created.id);
    expect(entry).toMatchObject({ action: "created", actorEmail: "demo@wasbord.nl" });
  });

  it("lists every subscription for a beheerder and an analist's own for them", async () => {
    const all = (await admin.get<SubscriptionsOverview>("/api/subscriptions")).body;
    expect(all.subscriptions).toHaveLength(2);
    const own = (await analist.get<SubscriptionsOverview>("/api/subscriptions")).body;
    expect(own.me).toEqual({ email: "analist@wasbord.nl", role: "analist" });
    // Their own, and the one a beheerder named them in.
    expect(own.subscriptions).toHaveLength(2);
    expect((await analist.delete(`/api/subscriptions/${created.id}`)).status).toBe(404);
  });

  it("sends now on request, with the KPI's and the Excel file, and an opt-out link that needs no sign-in", async () => {
    const sent = await admin.post(`/api/subscriptions/${created.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.to.sort()).toEqual(["analist@wasbord.nl", "filiaal.zeist@wasbord.nl"]);
    const messages = (await admin.get("/api/admin/mail/messages")).body as { id: number; to: string[] }[];
    const mine = messages.find((m) => m.to.includes("filiaal.zeist@wasbord.nl"));
    const detail = (await admin.get(`/api/admin/mail/messages/${mine?.id}`)).body;
    expect(detail.subject).toMatch(/^Wasbord: Zeist, Omzet/);
    expect(detail.attachments).toEqual(["trx-revenue-2026-10-19-2026-10-25.xlsx"]);
    expect(detail.text).toContain(
      `${t.server.url}/reports/trx-revenue?period=last-7-days&compare=previous&site=zeist`,
    );
    const link = /(http\S+\/mail\/abonnement-afmelden\?token=\S+)/.exec(detail.text)?.[1] as string;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ja, meld mij af");
    const off = await fetch(link, { method: "POST" });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("Je bent afgemeld");
    const after = (await admin.get<SubscriptionsOverview>("/api/subscriptions")).body;
    const recipient = after.subscriptions
      .find((s) => s.id === created.id)
      ?.recipients.find((r) => r.email === "filiaal.zeist@wasbord.nl");
    expect(recipient?.unsubscribedAt).not.toBeNull();
    const forged = await fetch(link.replace(/token=\d+/, "token=999"));
    expect(forged.status).toBe(404);
  });

  it("deletes a subscription, audited; then it is gone", async () => {
    expect((await admin.delete(`/api/subscriptions/${created.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/subscriptions/${created.id}`)).status).toBe(404);
    const [entry] = await auditOf(admin, "report-subscription", created.id);
    expect(entry.action).toBe("deleted");
  });
});
