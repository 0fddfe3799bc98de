import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, auditOf, startAdminServer } from "./admin-support.ts";

let t: AdminTestServer;
let admin: ApiClient;

// Fixture: Utrecht's camera read a plate a minute ago (fresh at any hour) and its till last sold ten days ago
// (silent at any hour: far more than 4 opening hours); Zeist never sent anything; Google Ads figures were
// written two days ago (36–72 h: late, not yet silent). The boundaries: src/server/freshness.
beforeAll(async () => {
  t = await startAdminServer(async (db) => {
    await db.run(`INSERT INTO sites (code, name, postcode, city, lat, lon, lanes) VALUES
      ('utrecht', 'Utrecht Centrum', '3511AB', 'Utrecht', 52.09, 5.12, 2),
      ('zeist', 'Zeist', '3701AA', 'Zeist', 52.09, 5.23, 1)`);
    await db.run(`INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera, plate, sidecode, confidence)
      VALUES (1, 'cam-1', now() - INTERVAL 1 MINUTE, 1, 'cam-a', 'AB123C', 6, 0.97)`);
    await db.run(`INSERT INTO transactions (site_id, event_id, occurred_at, payment_method, subtotal_cents,
      total_cents, vat_cents) VALUES (1, 'kassa-1', now() - INTERVAL 10 DAY, 'pin', 995, 995, 173)`);
    await db.run(`INSERT INTO ad_stats_daily (key_sha256, platform, account, stat_date, campaign, updated_at)
      VALUES ('${"a".repeat(64)}', 'google_ads', 'acc', current_date - 2, 'Merk', now() - INTERVAL 48 HOUR)`);
  });
  admin = t.admin;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const site = {
  code: "houten",
  name: "Houten",
  address: "Wasstraat 1",
  postcode: "3991 ab",
  city: "Houten",
  lat: 52.03,
  lon: 5.17,
  lanes: 3,
  active: true,
};

describe("admin sites API", () => {
  it("creates a site, normalising the postcode, and audits it", async () => {
    const response = await admin.post("/api/admin/sites", site);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ code: "houten", postcode: "3991AB", lanes: 3, version: 1 });
    expect((await auditOf(admin, "site", response.body.id))[0]).toMatchObject({ action: "created" });
  });

  it("answers 422 with exact field paths for an invalid site", async () => {
    const response = await admin.post("/api/admin/sites", {
      ...site,
      code: "amersfoort",
      postcode: "0123 AB",
      lat: "52,1",
      lanes: 0,
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual([
      { path: "postcode", message: "Vul een Nederlandse postcode in, zoals 3511 AB." },
      { path: "lat", message: "Vul de breedtegraad in, bijvoorbeeld 52,0907." },
      { path: "lanes", message: "Minimaal 1." },
    ]);
  });

  it("updates a site, refuses a stale version, and deactivates it", async () => {
    const updated = await admin.put("/api/admin/sites/2", {
      ...site,
      name: "Zeist Noord",
      lanes: 2,
      version: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ code: "zeist", name: "Zeist Noord", version: 2 });
    const stale = await admin.put("/api/admin/sites/2", { ...site, name: "Zeist Zuid", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^Deze vestiging is intussen door iemand anders gewijzigd/);
    const off = await admin.put("/api/admin/sites/2/active", { active: false, version: 2 });
    expect(off.body).toMatchObject({ active: false, version: 3 });
    const [entry] = await auditOf(admin, "site", 2);
    expect(entry).toMatchObject({
      action: "deactivated",
      before: { active: true },
      after: { active: false },
    });
  });
});

describe("a site's cars per lane per hour", () => {
  it("starts at 60, refuses 0, and is audited when changed", async () => {
    const list =
      await admin.get<{ id: number; code: string; version: number; carsPerLaneHour: number }[]>(
        "/api/admin/sites",
      );
    const houten = list.body.find((s) => s.code === "houten");
    if (!houten) throw new Error("houten was not created");
    expect(houten.carsPerLaneHour).toBe(60);
    const refused = await admin.put(`/api/admin/sites/${houten.id}`, {
      ...site,
      carsPerLaneHour: 0,
      version: houten.version,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual([{ path: "carsPerLaneHour", message: "Minimaal 1." }]);
    const saved = await admin.put(`/api/admin/sites/${houten.id}`, {
      ...site,
      carsPerLaneHour: 45,
      version: houten.version,
    });
    expect(saved.body).toMatchObject({ carsPerLaneHour: 45 });
    const [entry] = await auditOf(admin, "site", houten.id);
    expect(entry).toMatchObject({ before: { carsPerLaneHour: 60 }, after: { carsPerLaneHour: 45 } });
  });
});

describe("API keys (Koppelingen)", () => {
  let created: { id: number; secret: string; prefix: string };

  it("creates a key bound to a site and shows its secret only in that answer", async () => {
    const response = await admin.post("/api/admin/connections/api-keys", {
      name: "Camera Utrecht",
      scope: "plate-reads",
      siteId: 1,
    });
    expect(response.status).toBe(201);
    created = response.body;
    expect(response.body).toMatchObject({
      name: "Camera Utrecht",
      scope: "plate-reads",
      siteName: "Utrecht Centrum",
      createdBy: "demo@wasbord.nl",
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.secret).toMatch(/^wb_[A-Za-z0-9_-]{32}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const list = await admin.get("/api/admin/connections/api-keys");
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(list.body[0]).not.toHaveProperty("secret");
    const audit = await auditOf(admin, "apiKey", created.id);
    expect(audit[0]).toMatchObject({ action: "created", after: { prefix: created.prefix } });
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it("still lets a site be edited while a key refers to it", async () => {
    const response = await admin.put("/api/admin/sites/1", { ...site, name: "Utrecht Centrum", version: 1 });
    expect(response.status).toBe(200);
  });

  it("answers 422 for an unknown scope or site", async () => {
    const response = await admin.post("/api/admin/connections/api-keys", { name: "", scope: "alles" });
    expect(response.body.error.fields).toEqual([
      { path: "name", message: "Vul een naam in." },
      { path: "scope", message: "Kies waarvoor de sleutel geldt." },
    ]);
    const site = await admin.post("/api/admin/connections/api-keys", { name: "x", scope: "all", siteId: 99 });
    expect(site.body.error.fields).toEqual([
      { path: "siteId", message: "Deze vestiging bestaat niet (meer)." },
    ]);
  });

  it("revokes a key once, audited", async () => {
    const response = await admin.post(`/api/admin/connections/api-keys/${created.id}/revoke`);
    expect(response.status).toBe(200);
    expect(response.body.revokedAt).toEqual(expect.any(String));
    const again = await admin.post(`/api/admin/connections/api-keys/${created.id}/revoke`);
    expect(again.status).toBe(409);
    expect((await auditOf(admin, "apiKey", created.id))[0]).toMatchObject({
      action: "revoked",
      before: { revokedAt: null },
    });
  });
});

describe("data freshness and the overview", () => {
  it("shows per source and active site when data last arrived, a silent site as 'stil'", async () => {
    const response = await admin.get("/api/admin/connections/freshness");
    const rows = response.body.map(
      (r: { source: string; subject: string; status: string; lastAt: string | null }) =>
        [r.source, r.subject, r.status, r.lastAt === null ? "nooit" : "ooit"].join(" | "),
    );
    // Zeist Noord was deactivated above and no longer shows; Houten was added and never sent anything.
    expect(rows).toEqual([
      "ad-stats | Google Ads | vertraagd | ooit",
      "plate-reads | Houten | stil | nooit",
      "plate-reads | Utrecht Centrum | actueel | ooit",
      "transactions | Houten | stil | nooit",
      "transactions | Utrecht Centrum | stil | ooit",
      "website | Website | stil | nooit",
    ]);
  });

  it("counts users, items, active promotions, sites and keys, with the latest audit entries first", async () => {
    const response = await admin.get("/api/admin/overview");
    expect(response.status).toBe(200);
    expect(response.body.counts).toEqual({
      users: 1,
      activeUsers: 1,
      items: 0,
      activeItems: 0,
      activePromotions: 0,
      sites: 3,
      activeSites: 2,
      activeApiKeys: 0,
    });
    expect(response.body.freshness).toHaveLength(6);
    expect(response.body.audit[0]).toMatchObject({ action: "revoked", entity: "apiKey" });
    expect(response.body.audit.length).toBeLessThanOrEqual(10);
  });

  it("answers 422 for an audit-log limit out of range", async () => {
    const response = await admin.get("/api/admin/audit-log?limit=0");
    expect(response.body.error.fields).toEqual([{ path: "limit", message: "Minimaal 1." }]);
  });
});
