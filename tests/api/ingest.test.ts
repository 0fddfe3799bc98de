import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "../../src/server/ingest/api-keys.ts";
import { type IngestServer, startIngestServer } from "./ingest-fixture.ts";

let server: IngestServer;

beforeAll(async () => {
  server = await startIngestServer();
  await revokeApiKey(server.db, server.revokedKeyId);
});
afterAll(() => server.close());

function post(path: string, body: unknown, options: { key?: string | null; ndjson?: boolean } = {}) {
  const key = options.key === undefined ? server.keys.all : options.key;
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": options.ndjson ? "application/x-ndjson" : "application/json",
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const count = async (sql: string) => (await server.db.query<{ n: number }>(sql))[0].n;

const read = (eventId: string, plate: string | null, extra: Record<string, unknown> = {}) => ({
  eventId,
  site: "zeist",
  readAt: "2026-03-02T08:15:00+01:00",
  lane: 1,
  camera: "zeist-cam-1",
  plate,
  confidence: 0.93,
  ...extra,
});

describe("POST /plate-reads", () => {
  const batch = [read("a-1", "gbb-01-b"), read("a-2", null, { confidence: 0.1 }), read("a-3", "8B-12-34")];

  it("accepts a valid batch and stores plates normalised and corrected", async () => {
    const response = await post("/plate-reads", batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 3, duplicates: 0 });
    const rows = await server.db.query(
      `SELECT event_id, plate, sidecode, raw_plate, read_at FROM plate_reads
       WHERE event_id LIKE 'a-%' ORDER BY event_id`,
    );
    expect(rows).toEqual([
      // "gbb-01-b" is a valid sidecode-11 plate as read: only normalised.
      {
        event_id: "a-1",
        plate: "GBB01B",
        sidecode: 11,
        raw_plate: null,
        read_at: "2026-03-02T07:15:00.000Z",
      },
      // A no-read stays a no-read.
      { event_id: "a-2", plate: null, sidecode: null, raw_plate: null, read_at: "2026-03-02T07:15:00.000Z" },
      // 8B1234 fits no sidecode; of its 0/O 1/I 8/B 5/S variants only BB1234 (sidecode 1) does.
      {
        event_id: "a-3",
        plate: "BB1234",
        sidecode: 1,
        raw_plate: "8B-12-34",
        read_at: "2026-03-02T07:15:00.000Z",
      },
    ]);
  });

  it("a retried batch stores nothing twice", async () => {
    const response = await post("/plate-reads", batch);
    expect(await response.json()).toEqual({ accepted: 0, duplicates: 3 });
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'a-%'")).toBe(3);
  });

  it("counts a repeated event id within one batch as a duplicate", async () => {
    const response = await post("/plate-reads", [read("b-1", "XX99XX"), read("b-1", "XX99XX")]);
    expect(await response.json()).toEqual({ accepted: 1, duplicates: 1 });
  });

  it("stores two concurrent copies of one batch once", async () => {
    const twin = [read("c-1", "XX99XX"), read("c-2", "XX99XX")];
    const answers = await Promise.all([post("/plate-reads", twin), post("/plate-reads", twin)]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies.map((body) => body.accepted).sort()).toEqual([0, 2]);
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'c-%'")).toBe(2);
  });

  it("rejects a batch with one bad row, naming row and field, and stores nothing of it", async () => {
    const response = await post("/plate-reads", [
      read("d-1", "XX99XX"),
      read("d-2", "XX99XX", { readAt: "gisteren" }),
    ]);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields).toHaveLength(1);
    expect(body.error.fields[0]).toMatchObject({ row: 2, path: "[1].readAt" });
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'd-%'")).toBe(0);
  });

  it("refuses plates with invisible, direction or control characters, storing nothing of the batch", async () => {
    const refused = ["GBB\u200b01B", "\u202eB10BBG", "GBB01B\u0000"];
    const response = await post("/plate-reads", [
      read("z-0", "GBB-01-B"),
      ...refused.map((plate, i) => read(`z-${i + 1}`, plate)),
    ]);
    expect(response.status).toBe(422);
    const message =
      "Een kenteken bestaat uit letters A–Z en cijfers; spaties, punten en streepjes mogen ertussen.";
    expect((await response.json()).error.fields).toEqual([
      { row: 2, path: "[1].plate", message },
      { row: 3, path: "[2].plate", message },
      {
        row: 4,
        path: "[3].plate",
        message: "Gebruik geen stuurtekens (zoals tab, regeleinde of NUL) in dit veld.",
      },
    ]);
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'z-%'")).toBe(0);
  });

  it("rejects an unknown site code for that row", async () => {
    const response = await post("/plate-reads", [
      read("e-1", "XX99XX"),
      read("e-2", "XX99XX", { site: "utrecht" }),
    ]);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error.fields).toEqual([
      { row: 2, path: "[1].site", message: "Onbekende vestiging 'utrecht'." },
    ]);
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'e-%'")).toBe(0);
  });

  it("refuses more than 10 000 rows with 413", async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => read(`f-${i}`, "XX99XX"));
    const response = await post("/plate-reads", rows);
    expect(response.status).toBe(413);
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'f-%'")).toBe(0);
  });

  it("refuses a body over 10 MB with 413", async () => {
    const response = await post("/plate-reads", `[${" ".repeat(10 * 1024 * 1024)}]`);
    expect(response.status).toBe(413);
  });

  it("accepts NDJSON and reports a bad line by its line number", async () => {
    const lines = [read("g-1", "XX99XX"), read("g-2", "XX99XX")].map((row) => JSON.stringify(row));
    const ok = await post("/plate-reads", `${lines.join("\n")}\n`, { ndjson: true });
    expect(await ok.json()).toEqual({ accepted: 2, duplicates: 0 });

    const bad = await post("/plate-reads", `${JSON.stringify(read("g-3", "XX99XX"))}\n{"eventId":`, {
      ndjson: true,
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields).toEqual([
      { row: 2, path: "[1]", message: "Deze regel is geen geldige JSON." },
    ]);
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id = 'g-3'")).toBe(0);
  });

  it("answers 401 without a key and with a revoked one, 403 outside the key's scope or site", async () => {
    expect((await post("/plate-reads", [], { key: null })).status).toBe(401);
    expect((await post("/plate-reads", [], { key: server.keys.revoked })).status).toBe(401);
    expect(
      (await post("/plate-reads", [], { key: "wb_geen-echte-sleutel-maar-wel-lang-genoeg" })).status,
    ).toBe(401);
    expect((await post("/plate-reads", [], { key: server.keys.adStatsOnly })).status).toBe(403);
    const other = await post("/plate-reads", [read("h-1", "XX99XX", { site: "houten" })], {
      key: server.keys.zeistOnly,
    });
    expect(other.status).toBe(403);
    expect((await post("/plate-reads", [read("h-2", "XX99XX")], { key: server.keys.zeistOnly })).status).toBe(
      200,
    );
  });

  it("takes the key from X-API-Key as well", async () => {
    const response = await fetch(`${server.url}/plate-reads`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": server.keys.all },
      body: "[]",
    });
    expect(await response.json()).toEqual({ accepted: 0, duplicates: 0 });
  });
});

const sale = (eventId: string, extra: Record<string, unknown> = {}) => ({
  eventId,
  site: "zeist",
  occurredAt: "2026-03-02T10:00:00Z",
  plate: "gbb-01-b",
  paymentMethod: "pin",
  lines: [
    { item: "basis", quantity: 1, unitPriceCents: 1000 },
    { item: "velgen", quantity: 1, unitPriceCents: 300 },
  ],
  totalCents: 1300,
  ...extra,
});

describe("POST /transactions", () => {
  it("stores a sale with its lines, spreads the discount, works out VAT and redeems the voucher", async () => {
    const withVoucher = sale("t-1", {
      discountCents: 500,
      totalCents: 800,
      voucherCode: "fb-aaaa-1111",
      customerPostcode: "3701 ab",
    });
    const response = await post("/transactions", [withVoucher, sale("t-2", { paymentMethod: "contant" })]);
    expect(await response.json()).toEqual({ accepted: 2, duplicates: 0 });

    const [t1] = await server.db.query(
      `SELECT id, plate, sidecode, subtotal_cents, discount_cents, total_cents, vat_cents, voucher_code,
         promotion_id, customer_postcode FROM transactions WHERE event_id = 't-1'`,
    );
    // Discount 500 over 1000 and 300: exact 384.6 and 115.4 → 384 + 115 = 499; the cent left goes to the
    // larger fraction (basis) → 385 and 115. Amounts 615 and 185; VAT 21/121 of each: 106.7 → 107, 32.1 → 32.
    expect(t1).toMatchObject({
      plate: "GBB01B",
      sidecode: 11,
      subtotal_cents: 1300,
      discount_cents: 500,
      total_cents: 800,
      vat_cents: 139,
      voucher_code: "FB-AAAA-1111",
      promotion_id: 1,
      customer_postcode: "3701",
    });
    const lines = await server.db.query(
      `SELECT line_no, item_id, discount_cents, amount_cents, vat_cents, occurred_at FROM transaction_lines
       WHERE transaction_id = $1 ORDER BY line_no`,
      [t1.id as number],
    );
    expect(lines).toEqual([
      {
        line_no: 1,
        item_id: 1,
        discount_cents: 385,
        amount_cents: 615,
        vat_cents: 107,
        occurred_at: "2026-03-02T10:00:00.000Z",
      },
      {
        line_no: 2,
        item_id: 3,
        discount_cents: 115,
        amount_cents: 185,
        vat_cents: 32,
        occurred_at: "2026-03-02T10:00:00.000Z",
      },
    ]);
    const [voucher] = await server.db.query(
      "SELECT redeemed_transaction_id, redeemed_at FROM vouchers WHERE code = 'FB-AAAA-1111'",
    );
    expect(voucher).toEqual({ redeemed_transaction_id: t1.id, redeemed_at: "2026-03-02T10:00:00.000Z" });
  });

  it("a retried batch stores neither transactions nor lines twice", async () => {
    const response = await post("/transactions", [sale("t-1"), sale("t-2")]);
    expect(await response.json()).toEqual({ accepted: 0, duplicates: 2 });
    expect(await count("SELECT count(*) AS n FROM transactions WHERE event_id IN ('t-1', 't-2')")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM transaction_lines")).toBe(4);
  });

  it("rejects lines that do not add up to the total after discount", async () => {
    const response = await post("/transactions", [sale("u-1", { discountCents: 100, totalCents: 1300 })]);
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toEqual([
      {
        row: 1,
        path: "[0].totalCents",
        message: "Totaal 1300 klopt niet: de regels (1300) min de korting (100) is 1200.",
      },
    ]);
    expect(await count("SELECT count(*) AS n FROM transactions WHERE event_id = 'u-1'")).toBe(0);
  });

  it("rejects unknown item and promotion codes for that row and field", async () => {
    const unknownItem = sale("u-2", {
      lines: [
        { item: "basis", unitPriceCents: 1000 },
        { item: "poetsen", unitPriceCents: 300 },
      ],
    });
    const response = await post("/transactions", [
      sale("u-3"),
      unknownItem,
      sale("u-4", { promotion: "zomer" }),
    ]);
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toEqual([
      { row: 2, path: "[1].lines[1].item", message: "Onbekende artikelcode 'poetsen'." },
      { row: 3, path: "[2].promotion", message: "Onbekende actie 'zomer'." },
    ]);
    expect(await count("SELECT count(*) AS n FROM transactions WHERE event_id LIKE 'u-%'")).toBe(0);
  });
});

describe("POST /ad-stats", () => {
  const stat = (clicks: number) => ({
    platform: "google_ads",
    account: "123-456-7890",
    date: "2026-03-01",
    campaign: "Zoeken - wasstraat",
    adGroup: "Wasstraat Zeist",
    ad: null,
    keyword: "wasstraat zeist",
    matchType: "phrase",
    qualityScore: 7,
    affiliate: null,
    impressions: 1000,
    reach: null,
    clicks,
    spendCents: 2500,
    conversions: 3.5,
    conversionValueCents: 4200,
  });

  it("stores a day once, counts identical figures as duplicates and replaces revised ones", async () => {
    const key = { key: server.keys.adStatsOnly };
    expect(await (await post("/ad-stats", [stat(40)], key)).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await (await post("/ad-stats", [stat(40)], key)).json()).toEqual({ accepted: 0, duplicates: 1 });
    expect(await (await post("/ad-stats", [stat(42)], key)).json()).toEqual({ accepted: 1, duplicates: 0 });
    const rows = await server.db.query("SELECT stat_date, clicks, conversions FROM ad_stats_daily");
    expect(rows).toEqual([{ stat_date: "2026-03-01", clicks: 42, conversions: 3.5 }]);
  });

  it("refuses days in the year 1 or 9999 and 1e308 conversions, naming each field", async () => {
    const response = await post(
      "/ad-stats",
      [
        { ...stat(1), date: "0001-01-01" },
        { ...stat(2), date: "9999-12-31" },
        { ...stat(3), conversions: 1e308 },
      ],
      { key: server.keys.adStatsOnly },
    );
    expect(response.status).toBe(422);
    const fields = (await response.json()).error.fields;
    expect(fields.map((f: { path: string }) => f.path)).toEqual(["[0].date", "[1].date", "[2].conversions"]);
    expect(await count("SELECT count(*) AS n FROM ad_stats_daily WHERE clicks IN (1, 2, 3)")).toBe(0);
  });

  it("names the field of a bad ad-stats row", async () => {
    const response = await post("/ad-stats", [{ ...stat(1), platform: "tiktok" }]);
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields[0]).toMatchObject({ row: 1, path: "[0].platform" });
  });
});

describe("text fields at ingestion", () => {
  it("refuses a control character in any text field, naming the field, and stores nothing", async () => {
    const plateReads = await post("/plate-reads", [read("ctl-1", "GBB01B", { camera: "zeist-cam-1\u0000" })]);
    expect(plateReads.status).toBe(422);
    const plateReadFields = (await plateReads.json()).error.fields;
    expect(plateReadFields).toEqual([
      { row: 1, path: "[0].camera", message: expect.stringMatching(/stuurteken/) },
    ]);

    const sales = await post("/transactions", [sale("ctl-2", { voucherCode: "FB-AAAA\t1111" })]);
    expect(sales.status).toBe(422);
    expect((await sales.json()).error.fields).toMatchObject([{ row: 1, path: "[0].voucherCode" }]);

    const stat = {
      platform: "facebook",
      account: "act_1",
      date: "2026-03-01",
      campaign: "Voorjaar\u001b[31m",
      adGroup: "Zeist\u007f",
      ad: null,
      keyword: null,
      matchType: null,
      qualityScore: null,
      affiliate: null,
      impressions: 1,
      reach: null,
      clicks: 1,
      spendCents: 1,
      conversions: 0,
      conversionValueCents: 0,
    };
    const ads = await post("/ad-stats", [stat]);
    expect(ads.status).toBe(422);
    const adFields = (await ads.json()).error.fields;
    expect(adFields.map((field: { path: string }) => field.path)).toEqual(["[0].campaign", "[0].adGroup"]);
    expect(adFields[0].message).toBe("Gebruik geen stuurtekens (zoals tab, regeleinde of NUL) in dit veld.");

    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'ctl-%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM transactions WHERE event_id LIKE 'ctl-%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM ad_stats_daily WHERE account = 'act_1'")).toBe(0);
  });

  it("refuses a plate of twenty ß, which would be forty S after normalising", async () => {
    const response = await post("/plate-reads", [read("ss-1", "ß".repeat(20))]);
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toMatchObject([{ row: 1, path: "[0].plate" }]);
    expect(await count("SELECT count(*) AS n FROM plate_reads WHERE event_id = 'ss-1'")).toBe(0);
  });
});
