import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOUCHER_ALPHABET } from "../../src/shared/admin/promotions.ts";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, auditOf, startAdminServer } from "./admin-support.ts";

let t: AdminTestServer;
let admin: ApiClient;

// Fixture: items 1 and 2; promotion 1 with three vouchers of which two were claimed and one redeemed.
beforeAll(async () => {
  t = await startAdminServer(async (db) => {
    await db.run(`INSERT INTO items (code, name, kind, price_cents) VALUES
      ('basis', 'Basis', 'programma', 995), ('premium', 'Premium', 'programma', 1995)`);
    await db.run(`INSERT INTO promotions (code, name, kind, value, channel, valid_from)
      VALUES ('lente', 'Lenteactie', 'percentage', 20, 'flyer', '2026-03-01')`);
    await db.run("INSERT INTO promotion_items VALUES (1, 1)");
    await db.run(`INSERT INTO vouchers (code, promotion_id, channel, issued_at, claimed_at, redeemed_at,
      redeemed_transaction_id) VALUES
      ('LENT-AAAA', 1, 'flyer', '2026-03-01 08:00:00+00', '2026-03-02 08:00:00+00', '2026-03-03 08:00:00+00', 7),
      ('LENT-CCCC', 1, 'flyer', '2026-03-01 08:00:00+00', '2026-03-02 09:00:00+00', NULL, NULL),
      ('LENT-DDDD', 1, 'flyer', '2026-03-01 08:00:00+00', NULL, NULL, NULL)`);
  });
  admin = t.admin;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const valid = {
  code: "zomer-2026",
  name: "Zomeractie",
  kind: "bedrag",
  value: "5,00",
  itemIds: [1, 2],
  channel: "facebook",
  validFrom: "2026-06-01",
  validTo: "2026-08-31",
  maxRedemptions: 500,
  active: true,
};

const promotion = async (id: number) =>
  (await admin.get("/api/admin/promotions")).body.find((p: { id: number }) => p.id === id);

describe("admin promotions API", () => {
  it("shows issued, claimed and redeemed counts per promotion", async () => {
    expect(await promotion(1)).toMatchObject({ itemIds: [1], issued: 3, claimed: 2, redeemed: 1 });
  });

  it("creates a promotion with its items; a euro discount is stored in cents", async () => {
    const response = await admin.post("/api/admin/promotions", valid);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      code: "zomer-2026",
      kind: "bedrag",
      value: 500,
      itemIds: [1, 2],
      validFrom: "2026-06-01",
      validTo: "2026-08-31",
      issued: 0,
      version: 1,
    });
    const [entry] = await auditOf(admin, "promotion", response.body.id);
    expect(entry).toMatchObject({ action: "created", after: { code: "zomer-2026", itemIds: [1, 2] } });
  });

  it("stores a free upgrade with value 0, whatever was typed", async () => {
    const response = await admin.post("/api/admin/promotions", {
      ...valid,
      code: "upgrade",
      kind: "gratis-upgrade",
      value: "",
      validTo: null,
      maxRedemptions: null,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ value: 0, validTo: null, maxRedemptions: null });
  });

  it.each([
    [{ kind: "percentage", value: "120" }, "value", "Vul een heel percentage van 1 tot en met 100 in."],
    [
      { kind: "bedrag", value: "vijf" },
      "value",
      "Vul een kortingsbedrag in tussen 0,01 en 1.000,00, bijvoorbeeld 5,00.",
    ],
    [{ validTo: "2026-05-01" }, "validTo", "De einddatum ligt vóór de begindatum."],
    [{ validFrom: "2026-02-30" }, "validFrom", "Deze datum bestaat niet."],
    [{ validFrom: "0001-01-01" }, "validFrom", "Kies een datum tussen 2000 en 2099."],
    [{ validTo: "9999-12-31" }, "validTo", "Kies een datum tussen 2000 en 2099."],
    [{ itemIds: [] }, "itemIds", "Kies minstens één item waarvoor de actie geldt."],
    [{ itemIds: [1, 99] }, "itemIds[1]", "Dit item bestaat niet (meer)."],
    [{ channel: "tv" }, "channel", "Kies een kanaal."],
    [{ affiliateId: 3 }, "affiliateId", "Een affiliate hoort alleen bij het kanaal Affiliate."],
    [{ maxRedemptions: 0 }, "maxRedemptions", "Minimaal 1."],
  ])("answers 422 for %j on the field it concerns", async (change, path, message) => {
    const response = await admin.post("/api/admin/promotions", { ...valid, code: "fout", ...change });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([{ path, message }]);
  });

  it("updates a promotion and its items, and audits before and after", async () => {
    const response = await admin.put("/api/admin/promotions/1", {
      ...valid,
      name: "Lenteactie 2026",
      kind: "percentage",
      value: "25%",
      itemIds: [2],
      version: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: "lente", value: 25, itemIds: [2], version: 2, issued: 3 });
    const [entry] = await auditOf(admin, "promotion", 1);
    expect(entry).toMatchObject({
      action: "updated",
      before: { name: "Lenteactie", value: 20, itemIds: [1] },
      after: { name: "Lenteactie 2026", value: 25, itemIds: [2] },
    });
  });

  it("answers 409 to a stale save, changing neither the promotion nor its items", async () => {
    const stale = await admin.put("/api/admin/promotions/1", { ...valid, itemIds: [1], version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^Deze actie is intussen door iemand anders gewijzigd/);
    expect(await promotion(1)).toMatchObject({ itemIds: [2], version: 2 });
  });

  it("still lets an item be edited while promotions refer to it", async () => {
    const response = await admin.put("/api/admin/items/2", {
      name: "Premium Plus",
      kind: "programma",
      price: "21,95",
      vatRatePercent: 21,
      active: true,
      version: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Premium Plus", priceCents: 2195 });
  });

  it("deactivates a promotion", async () => {
    const response = await admin.put("/api/admin/promotions/1/active", { active: false, version: 2 });
    expect(response.body).toMatchObject({ active: false, version: 3 });
  });
});

describe("voucher batches", () => {
  it("generates unique codes without look-alike characters, audited as one entry", async () => {
    const response = await admin.post("/api/admin/promotions/1/vouchers", { count: 500, prefix: "lente" });
    expect(response.status).toBe(201);
    expect(response.body.created).toBe(500);
    const codes: string[] = response.body.vouchers.map((v: { code: string }) => v.code);
    expect(new Set(codes).size).toBe(500);
    const group = `[${VOUCHER_ALPHABET}]{4}`;
    for (const code of codes) expect(code).toMatch(new RegExp(`^LENTE-${group}-${group}$`));
    expect(await promotion(1)).toMatchObject({ issued: 503, claimed: 2, redeemed: 1 });
    const [entry] = await auditOf(admin, "promotion", 1);
    expect(entry).toMatchObject({ action: "vouchers-generated", after: { count: 500, prefix: "LENTE" } });
  });

  it("writes every voucher of a promotion to a semicolon CSV with a header row", async () => {
    const response = await admin.get("/api/admin/promotions/1/vouchers.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="vouchers-actie-1\.csv"/,
    );
    const lines = (response.body as string)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("code;kanaal;uitgegeven;geclaimd;verzilverd");
    expect(lines).toHaveLength(1 + 503);
    expect(lines).toContain(
      "LENT-AAAA;flyer;2026-03-01T08:00:00.000Z;2026-03-02T08:00:00.000Z;2026-03-03T08:00:00.000Z",
    );
    expect(lines).toContain("LENT-DDDD;flyer;2026-03-01T08:00:00.000Z;;");
  });

  it("refuses a batch that is too large or has a bad prefix", async () => {
    const response = await admin.post("/api/admin/promotions/1/vouchers", {
      count: 10_001,
      prefix: "met-streep",
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([
      { path: "count", message: "Maximaal 10000." },
      { path: "prefix", message: "Hoogstens 8 letters of cijfers, zonder spaties of streepjes." },
    ]);
  });

  it("answers 404 for the vouchers of a promotion that does not exist", async () => {
    expect((await admin.post("/api/admin/promotions/999/vouchers", { count: 1 })).status).toBe(404);
    expect((await admin.get("/api/admin/promotions/999/vouchers.csv")).status).toBe(404);
  });
});
