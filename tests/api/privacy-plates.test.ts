import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { extendWithCustomers, reportReader } from "./fixtures/customers-fixture.ts";
import { type FixtureExtension, type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Plates as personal data, on the KLANTEN fixture (tests/api/fixtures/customers-fixture.ts, visits V1–V12),
// with the clock at Saturday 21 November 2026 13:00 and PLATE_RETENTION_DAYS=30: the retention cut-off is
// 22 October 2026 12:00 UTC. Each plate's latest read or sale:
//   TT100T  TT2 20 Oct 08:00, sale K2 20 Oct 08:01   → expired
//   HH200H  HH2 21 Oct 16:00, sale K3 21 Oct 16:02   → expired
//   MM300M  MM1 16 Oct 09:00                         → expired
//   SS400S  SS2 22 Oct 10:00 (before 12:00)          → expired
//   KL456M 25 Oct, ZZ001Z 24 Oct, PQ777R 24 Oct, AB123C 25 Oct → kept
// So the retention pseudonymises 4 plates: reads TT1 TT2 HH1 HH2 MM1 SS1 SS2 = 7, sales K2 K0 K3 = 3, and
// every figure of the KLANTEN reports stays what reports-customers*.test.ts worked out by hand.
//
// Erasing PQ777R (after that) removes its reads R7 and PR2 (visits V7 and V8) and its plate from sale K1,
// which keeps its money. Week 43 then: plates 7 → 6, visits 9 → 7, reads 12 → 10 (no-reads still 2, so the
// read rate is 8 / 10), purchased visits V4 V5 V6 V10 = 4 of 7 (V8 was one), new plates 3 → 2
// (ZZ001Z, AB123C). A read of a new plate GF12KL on Friday 23 October then adds a plate, a visit and a new
// customer (7, 8, 3): the reports carry on after the erasure without losing new facts.

let server: ReportsServer;
let analist: ApiClient;
let admin: ApiClient;
const { report, kpi, series, table } = reportReader(() => server);
const WEEK_43 = "from=2026-10-19&to=2026-10-25";
const PLATES = ["TT100T", "HH200H", "MM300M", "SS400S", "KL456M", "ZZ001Z", "PQ777R", "AB123C"];
const FORMATTED = ["TT-100-T", "HH-200-H", "MM-300-M", "SS-400-S", "KL-456-M", "ZZ-001-Z"];
const PSEUDONYM = /^#[0-9a-f]{16}$/;

/** The analist account of the development login, and a voucher redeemed by PQ777R's sale K1. */
const extendWithPrivacy: FixtureExtension = async (db) => {
  await db.run("INSERT INTO app_users (email, role) VALUES ('analist@wasbord.nl', 'analist')");
  await db.run(`INSERT INTO promotions (code, name, kind, value, channel, valid_from)
    VALUES ('welkom', 'Welkom', 'bedrag', 200, 'website', DATE '2026-10-01')`);
  await db.run(`INSERT INTO vouchers (code, promotion_id, channel, issued_at, claimed_at, redeemed_at,
      redeemed_transaction_id)
    SELECT 'WELKOM-PQ7', p.id, 'website', TIMESTAMPTZ '2026-10-20 10:00:00+00', TIMESTAMPTZ '2026-10-20 10:05:00+00',
      TIMESTAMPTZ '2026-10-24 14:43:00+00', t.id
    FROM promotions p, transactions t WHERE p.code = 'welkom' AND t.event_id = 'K1'`);
};

beforeAll(async () => {
  server = await startReportsServer({
    extend: [extendWithCustomers, extendWithPrivacy],
    now: "2026-11-21T12:00:00Z",
    env: { PLATE_RETENTION_DAYS: "30" },
  });
  analist = await server.signIn("analist@wasbord.nl", "analist");
  admin = await server.signIn("demo@wasbord.nl", "demo");
}, 120_000);
afterAll(() => server?.stop());

const topPlates = async (client: ApiClient) => {
  const response = await client.get(`/api/reports/users-unique?${WEEK_43}`);
  expect(response.status).toBe(200);
  return { body: response.body, plates: table(response.body, "top_customers").rows.map((r) => r.plate) };
};

describe("masked plates", () => {
  it("gives an analist the top customers masked, and no whole plate anywhere in the answer", async () => {
    const { body, plates } = await topPlates(analist);
    // Dutch plates keep three characters and their sidecode's dashes; PQ777R and AB123C fit no sidecode
    // (no Q or vowels since sidecode 4) and keep two.
    expect(plates).toEqual(["PQ••••", "AB••••", "TT-1••-•", "SS-4••-•", "KL-4••-•", "HH-2••-•", "ZZ-0••-•"]);
    const text = JSON.stringify(body);
    for (const plate of [...PLATES, ...FORMATTED]) expect(text).not.toContain(plate);
  });

  it("gives a beheerder the whole plates and writes the view, with its filters, to the audit log", async () => {
    const { plates } = await topPlates(admin);
    expect(plates).toEqual(["PQ777R", "AB123C", "TT-100-T", "SS-400-S", "KL-456-M", "HH-200-H", "ZZ-001-Z"]);
    const audit = (await admin.get("/api/admin/audit-log?entity=report")).body;
    // Only the beheerder's view is there: the analist saw no whole plate.
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: "demo@wasbord.nl",
      action: "viewed-plates",
      entityId: "users-unique",
      after: { filters: { from: "2026-10-19", to: "2026-10-25" }, plates: 7 },
    });
  });

  it("keeps the privacy screen's API from an analist", async () => {
    expect((await analist.get("/api/admin/privacy")).status).toBe(403);
    expect((await analist.post("/api/admin/privacy/lookup", { plate: "PQ777R" })).status).toBe(403);
    const erase = await analist.post("/api/admin/privacy/erase", { plate: "PQ777R", confirm: "PQ777R" });
    expect(erase.status).toBe(403);
    expect((await analist.post("/api/admin/privacy/retention/run")).status).toBe(403);
  });
});

describe("retention", () => {
  it("pseudonymises the whole history of the expired plates, and no report figure changes", async () => {
    const run = await admin.post("/api/admin/privacy/retention/run");
    expect(run.status).toBe(200);
    expect(run.body).toEqual({
      retentionDays: 30,
      lastRun: { ranAt: "2026-11-21T12:00:00.000Z", plates: 4, reads: 7, transactions: 3 },
      total: { plates: 4, reads: 7, transactions: 3 },
    });

    // The figures worked out by hand in reports-customers.test.ts and reports-customers-flow.test.ts.
    const unique = await report("users-unique", WEEK_43);
    expect(kpi(unique, "plates")).toEqual({ value: 7, previous: 3 });
    expect(kpi(unique, "visits")).toEqual({ value: 9, previous: 3 });
    expect(series(unique, "plates_by_frequency").points.map((p) => [p.x, p.value, p.previous])).toEqual([
      ["1", 5, 3],
      ["2", 2, 0],
      ["3–5", 0, 0],
      ["6–10", 0, 0],
      ["> 10", 0, 0],
    ]);
    const type = await report("users-type", WEEK_43);
    expect(kpi(type, "new")).toEqual({ value: 3, previous: 3 });
    expect(kpi(type, "returning")).toEqual({ value: 4, previous: 0 });
    const { cohorts } = type.extra as {
      cohorts: { rows: { month: string; plates: number; retention: ({ share: number | null } | null)[] }[] };
    };
    expect([cohorts.rows[10].month, cohorts.rows[10].plates]).toEqual(["2026-09-01", 1]); // SS400S
    expect(cohorts.rows[10].retention.slice(0, 3).map((c) => c?.share ?? null)).toEqual([1, 1, null]);
    expect([cohorts.rows[11].plates, cohorts.rows[11].retention[0]?.share]).toEqual([6, 1]);
    const flow = await report("users-flow", WEEK_43);
    const { migration } = flow.extra as {
      migration: { links: { from: string; to: string; plates: number }[] };
    };
    expect(migration.links.map((l) => `${l.from} → ${l.to}: ${l.plates}`).sort()).toEqual([
      "from:nieuw → to:incidenteel: 2",
      "from:nieuw → to:verloren: 1",
      "from:nog-geen-klant → to:nieuw: 3",
      "from:verloren → to:incidenteel: 2",
    ]);
    expect(kpi(flow, "median_gap_days")).toEqual({ value: 7, previous: null });
    expect(kpi(await report("users-geo", WEEK_43), "customers")).toEqual({ value: 4, previous: 1 });
    expect(kpi(await report("users-recognition", WEEK_43), "conversion")).toEqual({
      value: 5 / 9,
      previous: 2 / 3,
    });

    // The expired plates are pseudonyms now, the same one for every visit; the others are untouched.
    const { plates } = await topPlates(admin);
    expect(plates.filter((p) => !PSEUDONYM.test(String(p)))).toEqual([
      "PQ777R",
      "AB123C",
      "KL-456-M",
      "ZZ-001-Z",
    ]);
    expect(new Set(plates.filter((p) => PSEUDONYM.test(String(p)))).size).toBe(3); // TT, SS, HH (MM: week 42)
    const lookup = (await admin.post("/api/admin/privacy/lookup", { plate: "TT-100-T" })).body;
    expect(lookup).toEqual({
      plate: "TT100T",
      firstSeenAt: null,
      reads: [],
      visits: [],
      transactions: [],
      vouchers: [],
    });
  });

  it("finds nothing more to do on a second run", async () => {
    const run = (await admin.post("/api/admin/privacy/retention/run")).body;
    expect(run.lastRun).toMatchObject({ plates: 0, reads: 0, transactions: 0 });
    expect(run.total).toEqual({ plates: 4, reads: 7, transactions: 3 });
  });
});

describe("right of access and right to erasure", () => {
  it("looks up exactly what is stored about one plate, and audits it under the plate's pseudonym", async () => {
    const response = await admin.post("/api/admin/privacy/lookup", { plate: "pq-777-r" });
    expect(response.status).toBe(200);
    const record = response.body;
    expect(record.plate).toBe("PQ777R");
    expect(record.firstSeenAt).toBe("2026-10-24T13:59:00.000Z");
    // R7 and PR2; confidence is a 4-byte float.
    expect(
      record.reads.map((r: { readAt: string; confidence: number }) => [r.readAt, r.confidence.toFixed(2)]),
    ).toEqual([
      ["2026-10-24T13:59:00.000Z", "0.88"],
      ["2026-10-24T14:40:00.000Z", "0.90"],
    ]);
    expect(record.reads[0]).toMatchObject({
      site: "Utrecht Centrum",
      lane: 1,
      camera: "utrecht-1",
      plate: "PQ777R",
      rawPlate: null,
      direction: "in",
    });
    expect(record.visits).toEqual([
      { site: "Utrecht Centrum", visitAt: "2026-10-24T13:59:00.000Z", purchased: false }, // V7
      { site: "Utrecht Centrum", visitAt: "2026-10-24T14:40:00.000Z", purchased: true }, // V8, sale K1
    ]);
    expect(record.transactions).toEqual([
      {
        id: expect.any(Number),
        site: "Utrecht Centrum",
        occurredAt: "2026-10-24T14:43:00.000Z",
        paymentMethod: "pin",
        salesChannel: "site",
        totalCents: 1210,
        discountCents: 0,
        items: "Basis",
        voucherCode: null,
        customerPostcode: null,
      },
    ]);
    expect(record.vouchers).toEqual([
      {
        code: "WELKOM-PQ7",
        promotion: "Welkom",
        channel: "website",
        issuedAt: "2026-10-20T10:00:00.000Z",
        claimedAt: "2026-10-20T10:05:00.000Z",
        redeemedAt: "2026-10-24T14:43:00.000Z",
      },
    ]);
    const [entry] = (await admin.get("/api/admin/audit-log?entity=plate")).body;
    expect(entry).toMatchObject({ actorEmail: "demo@wasbord.nl", action: "viewed-plates" });
    expect(entry.entityId).toMatch(PSEUDONYM);
    expect(JSON.stringify(entry)).not.toContain("PQ777R");
  });

  it("refuses a wrong plate or a confirmation that does not match, with the field's path", async () => {
    const bad = await admin.post("/api/admin/privacy/lookup", { plate: "PQ<777>" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual([
      { path: "plate", message: "Een kenteken bestaat uit letters en cijfers." },
    ]);
    const mismatch = await admin.post("/api/admin/privacy/erase", { plate: "PQ777R", confirm: "PQ777B" });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.fields).toEqual([
      { path: "confirm", message: "Typ ter bevestiging hetzelfde kenteken nog een keer." },
    ]);
    // Nothing was erased.
    expect((await admin.post("/api/admin/privacy/lookup", { plate: "PQ777R" })).body.reads).toHaveLength(2);
  });

  it("erases a plate from facts and derived tables, and the figures change as worked out", async () => {
    const salesBefore = (await report("trx-sales", WEEK_43)).kpis;
    const erased = await admin.post("/api/admin/privacy/erase", { plate: "PQ777R", confirm: "pq-777-r" });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ plate: "PQ777R", reads: 2, transactions: 1, visits: 2 });

    const lookup = (await admin.post("/api/admin/privacy/lookup", { plate: "PQ777R" })).body;
    expect([lookup.firstSeenAt, lookup.reads, lookup.visits, lookup.transactions, lookup.vouchers]).toEqual([
      null,
      [],
      [],
      [],
      [],
    ]);
    const unique = await report("users-unique", WEEK_43);
    expect(kpi(unique, "plates")).toEqual({ value: 6, previous: 3 });
    expect(kpi(unique, "visits")).toEqual({ value: 7, previous: 3 });
    const recognition = await report("users-recognition", WEEK_43);
    expect(kpi(recognition, "reads")).toEqual({ value: 10, previous: 3 });
    expect(kpi(recognition, "read_rate")).toEqual({ value: 8 / 10, previous: 1 });
    expect(kpi(recognition, "conversion")).toEqual({ value: 4 / 7, previous: 2 / 3 });
    expect(kpi(await report("users-type", WEEK_43), "new")).toEqual({ value: 2, previous: 3 });
    // The sale stays, without its plate: the money is the same.
    expect((await report("trx-sales", WEEK_43)).kpis).toEqual(salesBefore);

    // The erasure's entry, under the lookup that followed it.
    const entries = (await admin.get("/api/admin/audit-log?entity=plate")).body;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      "viewed-plates",
      "erased",
      "viewed-plates",
      "viewed-plates",
      "viewed-plates",
    ]);
    const entry = entries[1];
    expect(entry).toMatchObject({
      actorEmail: "demo@wasbord.nl",
      before: { reads: 2, transactions: 1, visits: 2 },
    });
    expect(entry.entityId).toMatch(PSEUDONYM);
  });

  it("takes in new reads after an erasure", async () => {
    const key = await admin.post("/api/admin/connections/api-keys", {
      name: "Camera test",
      scope: "plate-reads",
    });
    expect(key.status).toBe(201);
    const response = await fetch(`${server.server.url}/api/ingest/plate-reads`, {
      method: "POST",
      headers: { authorization: `Bearer ${key.body.secret}`, "content-type": "application/json" },
      body: JSON.stringify([
        {
          eventId: "NEW1",
          site: "utrecht",
          readAt: "2026-10-23T10:00:00Z",
          camera: "utrecht-1",
          plate: "GF12KL",
        },
      ]),
    });
    expect(response.status).toBe(200);
    const unique = await report("users-unique", WEEK_43);
    expect(kpi(unique, "plates")).toEqual({ value: 7, previous: 3 });
    expect(kpi(unique, "visits")).toEqual({ value: 8, previous: 3 });
    expect(kpi(await report("users-type", WEEK_43), "new")).toEqual({ value: 3, previous: 3 });
  });
});
