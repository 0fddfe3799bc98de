import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Annotation, AnnotationsAnswer } from "../../src/shared/annotations/annotations.ts";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, auditOf, startAdminServer } from "./admin-support.ts";

// Hand-made fixture, November 2026 is CET (UTC+1). Opening hours: Mon–Sat 08:00–20:00, Sun 10:00–18:00.
// The data runs from Friday 13 to Sunday 22 November; a source's usual rate for an hour is its average over
// the same hour of the day on weekdays, Saturdays or Sundays (both Saturdays here).
//   Zeist (site 2), camera "zeist-1": twelve reads (every five minutes) in every opening hour, EXCEPT on
//     Saturday 21 at 10:00, 11:00 and 12:00: usually (12 + 0) / 2 = 6 an hour on a Saturday then, so the
//     silence 10:00–13:00 expects 18 reads (≥ 10): one gap. Nothing at night (20:00–08:00, Saturday 20:00 –
//     Sunday 10:00): no gap.
//   Zeist till: one sale an hour, none on Friday 20 10:00–13:00: usually 5 / 6 weekdays a weekday hour, so
//     3 silent hours expect 2.5 sales (< 10): a quiet till, no gap.
//   Utrecht (site 1), camera "utrecht-1": twelve reads in every opening hour except Friday 20 at 15:00 — one
//     hour is below the minimum of two: no gap.
//   Promotions: Lenteactie 1–30 April 2026 (start and end), Zomeractie from 1 June 2026 without an end.
// "Now" is Monday 23 November 08:00 (07:00 UTC): no opening hour of Monday is complete yet.
const NOW = "2026-11-23T07:00:00Z";

const DAYS = Array.from({ length: 10 }, (_, i) => {
  const date = `2026-11-${13 + i}`;
  const sunday = new Date(`${date}T12:00:00Z`).getUTCDay() === 0;
  return { date, open: sunday ? 10 : 8, close: sunday ? 18 : 20 };
});
/** `minutes` past each opening hour, as UTC instants (local − 1 h), except the hours `skip` names. */
const openingHours = (minutes: number[], skip: (date: string, hour: number) => boolean) =>
  DAYS.flatMap(({ date, open, close }) =>
    Array.from({ length: close - open }, (_, i) => open + i)
      .filter((hour) => !skip(date, hour))
      .flatMap((hour) =>
        minutes.map(
          (m) => `${date} ${String(hour - 1).padStart(2, "0")}:${String(m).padStart(2, "0")}:00+00`,
        ),
      ),
  );
const EVERY_FIVE = Array.from({ length: 12 }, (_, i) => i * 5 + 2);

let t: AdminTestServer;
let admin: ApiClient;

beforeAll(async () => {
  t = await startAdminServer(
    async (db) => {
      await db.run(`INSERT INTO sites (code, name, postcode, city, lat, lon) VALUES
        ('utrecht', 'Utrecht Centrum', '3511AB', 'Utrecht', 52.09, 5.12),
        ('zeist', 'Zeist', '3701CD', 'Zeist', 52.09, 5.23)`);
      const zeistReads = openingHours(
        EVERY_FIVE,
        (date, hour) => date === "2026-11-21" && hour >= 10 && hour < 13,
      );
      const utrechtReads = openingHours(EVERY_FIVE, (date, hour) => date === "2026-11-20" && hour === 15);
      const values = [
        ...zeistReads.map((at, i) => `(2, 'z${i}', '${at}', 1, 'zeist-1')`),
        ...utrechtReads.map((at, i) => `(1, 'u${i}', '${at}', 1, 'utrecht-1')`),
      ];
      await db.run(
        `INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera) VALUES ${values.join(",")}`,
      );
      const tillSilent = (date: string, hour: number) => date === "2026-11-20" && hour >= 10 && hour < 13;
      const sales = openingHours([30], tillSilent).map(
        (at, i) => `(2, 't${i}', '${at}', 'pin', 1210, 1210, 210)`,
      );
      await db.run(`INSERT INTO transactions (site_id, event_id, occurred_at, payment_method, subtotal_cents,
        total_cents, vat_cents) VALUES ${sales.join(",")}`);
      await db.run(`INSERT INTO promotions (code, name, kind, value, channel, valid_from, valid_to) VALUES
        ('lente', 'Lenteactie', 'percentage', 20, 'flyer', '2026-04-01', '2026-04-30'),
        ('zomer', 'Zomeractie', 'percentage', 10, 'website', '2026-06-01', NULL)`);
    },
    { WASBORD_CLOCK: NOW },
  );
  admin = t.admin;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const annotations = async (client: ApiClient, query: string) => {
  const response = await client.get(`/api/annotations?${query}`);
  expect(response.status).toBe(200);
  return response.body as AnnotationsAnswer;
};
const brief = (list: Annotation[]) => list.map((a) => [a.kind, a.date, a.site?.code ?? null, a.text]);

describe("automatic annotations", () => {
  it("marks a camera silent 10:00–13:00 on a Saturday as one gap; not the nights, one quiet hour or a quiet till", async () => {
    const { annotations: list } = await annotations(admin, "from=2026-11-16&to=2026-11-23");
    expect(list.filter((a) => a.kind === "data-gap")).toEqual([
      {
        kind: "data-gap",
        date: "2026-11-21",
        from: "2026-11-21T10:00",
        to: "2026-11-21T12:00",
        site: { code: "zeist", name: "Zeist" },
        text: "Camera zeist-1 (Zeist): geen kentekens 21-11 10:00–13:00, 3 openingsuren",
        id: null,
        createdBy: null,
      },
    ]);
  });

  it("limits gaps to the chosen sites", async () => {
    const utrecht = await annotations(admin, "from=2026-11-16&to=2026-11-23&site=utrecht");
    expect(utrecht.annotations.filter((a) => a.kind === "data-gap")).toEqual([]);
    const both = await annotations(admin, "from=2026-11-21&to=2026-11-21&site=utrecht,zeist");
    expect(brief(both.annotations)).toEqual([
      ["data-gap", "2026-11-21", "zeist", expect.stringContaining("zeist-1")],
    ]);
  });

  it("gives the public holidays and the promotions starting and ending in April 2026", async () => {
    const { annotations: list } = await annotations(admin, "from=2026-04-01&to=2026-04-30");
    expect(brief(list)).toEqual([
      ["promotion-start", "2026-04-01", null, "Start actie Lenteactie"],
      ["holiday", "2026-04-03", null, "Goede Vrijdag"],
      ["holiday", "2026-04-05", null, "Eerste Paasdag"],
      ["holiday", "2026-04-06", null, "Tweede Paasdag"],
      ["holiday", "2026-04-27", null, "Koningsdag"],
      ["promotion-end", "2026-04-30", null, "Laatste dag actie Lenteactie"],
    ]);
    const june = await annotations(admin, "from=2026-06-01&to=2026-06-01");
    expect(brief(june.annotations)).toEqual([
      ["promotion-start", "2026-06-01", null, "Start actie Zomeractie"],
    ]);
  });

  it("refuses a reversed period or an unknown site with the field's path", async () => {
    const reversed = await admin.get("/api/annotations?from=2026-05-01&to=2026-04-01");
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.fields).toEqual([
      { path: "to", message: "De einddatum ligt vóór de begindatum." },
    ]);
    const unknown = await admin.get("/api/annotations?from=2026-04-01&to=2026-04-02&site=zeist,nergens");
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual([{ path: "site", message: "Onbekende vestiging: nergens." }]);
    const missing = await admin.get("/api/annotations?to=2026-04-02");
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual([{ path: "from", message: "Vul een datum in." }]);
  });
});

describe("notes", () => {
  let noteId: number;

  it("lets a beheerder add a note for one site, audited, shown for that site and for all", async () => {
    const response = await admin.post("/api/annotations", {
      date: "2026-11-21",
      site: "zeist",
      text: "  Camera zeist-1 vervangen  ",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      kind: "note",
      date: "2026-11-21",
      site: { code: "zeist", name: "Zeist" },
      text: "Camera zeist-1 vervangen",
      createdBy: "demo@wasbord.nl",
    });
    noteId = response.body.id;
    const [entry] = await auditOf(admin, "annotation", noteId);
    expect(entry).toMatchObject({
      action: "created",
      actorEmail: "demo@wasbord.nl",
      after: { text: "Camera zeist-1 vervangen", date: "2026-11-21" },
    });
    const notesFor = async (query: string) =>
      (await annotations(admin, query)).annotations.filter((a) => a.kind === "note").map((a) => a.id);
    expect(await notesFor("from=2026-11-21&to=2026-11-21")).toEqual([noteId]);
    expect(await notesFor("from=2026-11-21&to=2026-11-21&site=zeist")).toEqual([noteId]);
    expect(await notesFor("from=2026-11-21&to=2026-11-21&site=utrecht")).toEqual([]);
    expect(await notesFor("from=2026-11-22&to=2026-11-30")).toEqual([]);
  });

  it("refuses a bad note with each field's path and stores nothing", async () => {
    const before = (await annotations(admin, "from=2000-01-01&to=2002-12-31")).annotations.length;
    const tooLong = await admin.post("/api/annotations", { date: "2026-11-21", text: "x".repeat(201) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.fields).toEqual([{ path: "text", message: "Hoogstens 200 tekens." }]);
    const bad = await admin.post("/api/annotations", { date: "2026-02-30", site: "nergens", text: " " });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual([
      { path: "date", message: "Deze datum bestaat niet." },
      { path: "text", message: "Vul een tekst in." },
    ]);
    const site = await admin.post("/api/annotations", { date: "2026-11-21", site: "nergens", text: "Hallo" });
    expect(site.status).toBe(422);
    expect(site.body.error.fields).toEqual([{ path: "site", message: "Onbekende vestiging: nergens." }]);
    // 200 characters exactly is allowed (the boundary), a chain-wide note has no site.
    const exact = await admin.post("/api/annotations", { date: "2001-05-05", text: "y".repeat(200) });
    expect(exact.status).toBe(201);
    expect(exact.body.site).toBeNull();
    const after = await annotations(admin, "from=2000-01-01&to=2002-12-31");
    // Only the 200-character note was added (the holidays of 2000–2002 are there both times).
    expect(after.annotations.length).toBe(before + 1);
  });

  it("lets an analist read the notes, but not add or delete them", async () => {
    await admin.post("/api/admin/users", { email: "analist@wasbord.nl", role: "analist" });
    const analist = await t.as("analist@wasbord.nl", "analist");
    const read = await annotations(analist, "from=2026-11-21&to=2026-11-21");
    expect(read.editable).toBe(false);
    expect(read.annotations.map((a) => a.id)).toContain(noteId);
    expect((await annotations(admin, "from=2026-11-21&to=2026-11-21")).editable).toBe(true);
    const add = await analist.post("/api/annotations", { date: "2026-11-21", text: "Mag niet" });
    expect(add.status).toBe(403);
    const remove = await analist.delete(`/api/annotations/${noteId}`);
    expect(remove.status).toBe(403);
    const still = await annotations(admin, "from=2026-11-21&to=2026-11-21");
    expect(still.annotations.filter((a) => a.kind === "note")).toHaveLength(1);
  }, 60_000);

  it("lets a beheerder delete a note, keeping its text in the audit log", async () => {
    const response = await admin.delete(`/api/annotations/${noteId}`);
    expect(response.status).toBe(204);
    const list = await annotations(admin, "from=2026-11-21&to=2026-11-21");
    expect(list.annotations.filter((a) => a.kind === "note")).toEqual([]);
    const [entry] = await auditOf(admin, "annotation", noteId);
    expect(entry).toMatchObject({
      action: "deleted",
      before: { text: "Camera zeist-1 vervangen" },
      after: null,
    });
    expect((await admin.delete(`/api/annotations/${noteId}`)).status).toBe(404);
  });
});
