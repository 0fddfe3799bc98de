import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, auditOf, startAdminServer } from "./admin-support.ts";

let t: AdminTestServer;
let admin: ApiClient;

// Hand-made fixture: item 1 ('basis') was sold once, item 2 ('nooit') never. Ids come from the sequences,
// so the API's own inserts continue after them.
beforeAll(async () => {
  t = await startAdminServer(async (db) => {
    await db.run(`INSERT INTO sites (code, name, postcode, city, lat, lon) VALUES
      ('utrecht', 'Utrecht', '3511AB', 'Utrecht', 52.09, 5.12)`);
    await db.run(`INSERT INTO items (code, name, kind, price_cents, sort_order) VALUES
      ('basis', 'Basis', 'programma', 995, 10), ('nooit', 'Nooit verkocht', 'extra', 250, 20)`);
    await db.run(`INSERT INTO transactions (id, site_id, event_id, occurred_at, payment_method, subtotal_cents,
      total_cents, vat_cents) VALUES (1, 1, 'kassa-1', '2026-03-01 10:00:00+00', 'pin', 995, 995, 173)`);
    await db.run(`INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
      unit_price_cents, amount_cents, vat_cents) VALUES (1, 1, 1, '2026-03-01 10:00:00+00', 1, 1, 995, 995, 173)`);
  });
  admin = t.admin;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const valid = {
  code: "Super-Plus",
  name: "Super Plus",
  kind: "programma",
  price: "12,95",
  vatRatePercent: 21,
  description: "Met onderwas en velgenreiniging",
  active: true,
};

describe("admin items API", () => {
  it("creates an item from a Dutch price, stores cents, lower-cases the code and puts it last", async () => {
    const response = await admin.post("/api/admin/items", valid);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      code: "super-plus",
      priceCents: 1295,
      vatRatePercent: 21,
      sortOrder: 30,
      everSold: false,
      version: 1,
    });
    const [entry] = await auditOf(admin, "item", response.body.id);
    expect(entry).toMatchObject({
      action: "created",
      before: null,
      after: { code: "super-plus", priceCents: 1295 },
    });
  });

  it.each([
    ["1.250", 125000],
    ["€ 7,5", 750],
    ["0", 0],
  ])("reads the price %s as %i cents", async (price, cents) => {
    const code = `prijs-${cents}`;
    const response = await admin.post("/api/admin/items", { ...valid, code, price });
    expect(response.status).toBe(201);
    expect(response.body.priceCents).toBe(cents);
  });

  it("answers 422 with exact field paths and Dutch messages, storing nothing", async () => {
    const before = (await admin.get("/api/admin/items")).body.length;
    const response = await admin.post("/api/admin/items", {
      code: "met spatie",
      name: "  ",
      kind: "wasstraat",
      price: "12,9x",
      vatRatePercent: 21.5,
      active: "ja",
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([
      {
        path: "code",
        message: "Gebruik kleine letters, cijfers en streepjes; begin met een letter of cijfer.",
      },
      { path: "name", message: "Vul een naam in." },
      { path: "kind", message: "Kies een soort: wasprogramma, extra of abonnement." },
      { path: "price", message: "Vul een bedrag in, bijvoorbeeld 12,95." },
      { path: "vatRatePercent", message: "Een btw-tarief moet een heel getal zijn." },
      { path: "active", message: "Kies actief of niet actief." },
    ]);
    expect((await admin.get("/api/admin/items")).body.length).toBe(before);
  });

  it("refuses a negative price and a duplicate code", async () => {
    const negative = await admin.post("/api/admin/items", { ...valid, code: "negatief", price: "-1,00" });
    expect(negative.body.error.fields).toEqual([
      { path: "price", message: "Een bedrag kan niet negatief zijn." },
    ]);
    const duplicate = await admin.post("/api/admin/items", { ...valid, code: "BASIS" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.fields).toEqual([
      { path: "code", message: "Deze code is al in gebruik voor een ander item." },
    ]);
  });

  it("updates an item, keeps its code, and audits before and after", async () => {
    const update = { ...valid, name: "Basis Plus", price: "10,50", version: 1 };
    const response = await admin.put("/api/admin/items/1", update);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: "basis", name: "Basis Plus", priceCents: 1050, version: 2 });
    const [entry] = await auditOf(admin, "item", 1);
    expect(entry).toMatchObject({
      action: "updated",
      before: { name: "Basis", priceCents: 995, version: 1 },
      after: { name: "Basis Plus", priceCents: 1050, version: 2 },
    });
  });

  it("answers 409 to a stale save and keeps the newer values", async () => {
    const stale = await admin.put("/api/admin/items/1", { ...valid, name: "Overschreven", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^Dit item is intussen door iemand anders gewijzigd/);
    const item = (await admin.get("/api/admin/items")).body.find((i: { id: number }) => i.id === 1);
    expect(item).toMatchObject({ name: "Basis Plus", version: 2 });
  });

  it("moves an item up and down the list", async () => {
    const order = async () => (await admin.get("/api/admin/items")).body.map((i: { code: string }) => i.code);
    expect((await order()).slice(0, 3)).toEqual(["basis", "nooit", "super-plus"]);
    const nooit = (await admin.get("/api/admin/items")).body.find(
      (i: { code: string }) => i.code === "nooit",
    );
    const moved = await admin.post(`/api/admin/items/${nooit.id}/move`, {
      direction: "up",
      version: nooit.version,
    });
    expect(moved.status).toBe(200);
    expect((await order()).slice(0, 3)).toEqual(["nooit", "basis", "super-plus"]);
    const back = await admin.post(`/api/admin/items/${nooit.id}/move`, {
      direction: "down",
      version: moved.body.version,
    });
    expect(back.status).toBe(200);
    expect((await order()).slice(0, 3)).toEqual(["basis", "nooit", "super-plus"]);
    const bad = await admin.post(`/api/admin/items/${nooit.id}/move`, { direction: "links", version: 1 });
    expect(bad.body.error.fields).toEqual([{ path: "direction", message: "Kies omhoog of omlaag." }]);
  });

  it("deactivates an item that was ever sold instead of deleting it", async () => {
    const item = (await admin.get("/api/admin/items")).body.find((i: { id: number }) => i.id === 1);
    expect(item.everSold).toBe(true);
    const response = await admin.delete(`/api/admin/items/1?version=${item.version}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ outcome: "deactivated", item: { id: 1, active: false } });
    expect((await admin.get("/api/admin/items")).body.some((i: { id: number }) => i.id === 1)).toBe(true);
    expect((await auditOf(admin, "item", 1))[0]).toMatchObject({
      action: "deactivated",
      before: { active: true },
      after: { active: false },
    });
  });

  it("deletes an item that was never sold, with an audit entry keeping the row", async () => {
    const item = (await admin.get("/api/admin/items")).body.find((i: { id: number }) => i.id === 2);
    const response = await admin.delete(`/api/admin/items/2?version=${item.version}`);
    expect(response.body).toEqual({ outcome: "deleted", item: null });
    expect((await admin.get("/api/admin/items")).body.some((i: { id: number }) => i.id === 2)).toBe(false);
    expect((await auditOf(admin, "item", 2))[0]).toMatchObject({
      action: "deleted",
      before: { code: "nooit", name: "Nooit verkocht" },
      after: null,
    });
  });

  it("refuses a delete without a version or with a stale one", async () => {
    const item = (await admin.get("/api/admin/items")).body.find(
      (i: { code: string }) => i.code === "super-plus",
    );
    expect((await admin.delete(`/api/admin/items/${item.id}`)).status).toBe(422);
    expect((await admin.delete(`/api/admin/items/${item.id}?version=${item.version + 5}`)).status).toBe(409);
  });
});
