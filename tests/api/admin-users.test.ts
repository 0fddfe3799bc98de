import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, auditOf, startAdminServer } from "./admin-support.ts";

let t: AdminTestServer;
let admin: ApiClient;

beforeAll(async () => {
  t = await startAdminServer();
  admin = t.admin;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const users = async () =>
  (await admin.get("/api/admin/users")).body as {
    id: number;
    email: string;
    version: number;
    role: string;
    active: boolean;
  }[];
const userByEmail = async (email: string) => (await users()).find((user) => user.email === email);

describe("admin users API", () => {
  it("lists users with name, e-mail, role, status and last sign-in", async () => {
    const list = await users();
    const demo = list.find((user) => user.email === "demo@wasbord.nl");
    expect(demo).toMatchObject({ role: "beheerder", active: true, version: 1 });
    expect(demo).toHaveProperty("lastSignInAt");
    expect(demo).toHaveProperty("name");
  });

  it("adds a user by e-mail with a role, normalising the address, and audits it", async () => {
    const response = await admin.post("/api/admin/users", {
      email: "  Nieuwe.Analist@Wasbord.NL ",
      role: "analist",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      email: "nieuwe.analist@wasbord.nl",
      role: "analist",
      active: true,
      name: null,
    });
    const [entry] = await auditOf(admin, "user", response.body.id);
    expect(entry).toMatchObject({ action: "created", actorEmail: "demo@wasbord.nl", before: null });
    expect(entry.after).toMatchObject({ email: "nieuwe.analist@wasbord.nl", role: "analist" });
  });

  it("answers 422 with the exact field paths for an invalid user", async () => {
    const response = await admin.post("/api/admin/users", { email: "geen-adres", role: "baas" });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("validation_failed");
    expect(response.body.error.fields).toEqual([
      { path: "email", message: "Vul een geldig e-mailadres in, zoals naam@bedrijf.nl." },
      { path: "role", message: "Kies een rol: beheerder of analist." },
    ]);
  });

  it("refuses a second user with the same e-mail address (409, on the email field)", async () => {
    const response = await admin.post("/api/admin/users", { email: "demo@wasbord.nl", role: "analist" });
    expect(response.status).toBe(409);
    expect(response.body.error.fields).toEqual([
      { path: "email", message: "Er is al een gebruiker met dit e-mailadres." },
    ]);
  });

  it("changes a role and writes before and after to the audit log", async () => {
    const created = (await admin.post("/api/admin/users", { email: "rol@wasbord.nl", role: "analist" })).body;
    const response = await admin.put(`/api/admin/users/${created.id}`, {
      name: "Rolf Rol",
      role: "beheerder",
      version: created.version,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      role: "beheerder",
      name: "Rolf Rol",
      version: created.version + 1,
    });
    const [entry] = await auditOf(admin, "user", created.id);
    expect(entry).toMatchObject({
      action: "updated",
      before: { role: "analist", name: null, version: 1 },
      after: { role: "beheerder", name: "Rolf Rol", version: 2 },
    });
  });

  it("deactivates and reactivates a user, each change audited", async () => {
    const created = (await admin.post("/api/admin/users", { email: "weg@wasbord.nl", role: "analist" })).body;
    const off = await admin.put(`/api/admin/users/${created.id}/active`, { active: false, version: 1 });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, version: 2 });
    const on = await admin.put(`/api/admin/users/${created.id}/active`, { active: true, version: 2 });
    expect(on.body).toMatchObject({ active: true, version: 3 });
    const actions = (await auditOf(admin, "user", created.id)).map((entry) => entry.action);
    expect(actions).toEqual(["reactivated", "deactivated", "created"]);
  });

  it("answers 409 with a Dutch message for a save based on a stale version, and stores nothing", async () => {
    const created = (await admin.post("/api/admin/users", { email: "oud@wasbord.nl", role: "analist" })).body;
    await admin.put(`/api/admin/users/${created.id}`, { name: "Eerste", role: "analist", version: 1 });
    const stale = await admin.put(`/api/admin/users/${created.id}`, {
      name: "Tweede",
      role: "analist",
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "stale_version" });
    expect(stale.body.error.message).toMatch(/intussen door iemand anders gewijzigd/);
    expect((await userByEmail("oud@wasbord.nl"))?.version).toBe(2);
    expect((await auditOf(admin, "user", created.id)).map((e) => e.action)).toEqual(["updated", "created"]);
  });

  it("answers 404 for a user that does not exist", async () => {
    const response = await admin.put("/api/admin/users/999999/active", { active: false, version: 1 });
    expect(response.status).toBe(404);
  });
});

describe("the last active beheerder", () => {
  it("can be neither demoted nor deactivated (409), and stays unchanged", async () => {
    // Leave demo as the only active beheerder: demote every other one first.
    for (const user of await users()) {
      if (user.role === "beheerder" && user.active && user.email !== "demo@wasbord.nl") {
        const demoted = await admin.put(`/api/admin/users/${user.id}`, {
          role: "analist",
          version: user.version,
        });
        expect(demoted.status).toBe(200);
      }
    }
    const demo = (await userByEmail("demo@wasbord.nl")) as { id: number; version: number };
    const demote = await admin.put(`/api/admin/users/${demo.id}`, { role: "analist", version: demo.version });
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe("last_beheerder");
    expect(demote.body.error.message).toBe(
      "Dit is de laatste actieve beheerder. Maak eerst iemand anders beheerder; anders kan niemand Wasbord nog beheren.",
    );
    const deactivate = await admin.put(`/api/admin/users/${demo.id}/active`, {
      active: false,
      version: demo.version,
    });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.error.code).toBe("last_beheerder");
    expect(await userByEmail("demo@wasbord.nl")).toMatchObject({
      role: "beheerder",
      active: true,
      version: demo.version,
    });
  });

  it("can step down once another beheerder is active", async () => {
    const other = (
      await admin.post("/api/admin/users", { email: "tweede.baas@wasbord.nl", role: "beheerder" })
    ).body;
    const demo = (await userByEmail("demo@wasbord.nl")) as { id: number; version: number };
    // Rename only: demo stays beheerder, so the rule does not apply.
    const renamed = await admin.put(`/api/admin/users/${demo.id}`, {
      name: "Demo",
      role: "beheerder",
      version: demo.version,
    });
    expect(renamed.status).toBe(200);
    const deactivateOther = await admin.put(`/api/admin/users/${other.id}/active`, {
      active: false,
      version: 1,
    });
    expect(deactivateOther.status).toBe(200);
  });
});

describe("an analist", () => {
  let analist: ApiClient;

  beforeAll(async () => {
    await admin.post("/api/admin/users", { email: "analist@wasbord.nl", role: "analist" });
    analist = await t.as("analist@wasbord.nl", "analist");
  }, 60_000);

  const calls: [string, string, unknown?][] = [
    ["GET", "/api/admin/overview"],
    ["GET", "/api/admin/audit-log"],
    ["GET", "/api/admin/affiliates"],
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users", { email: "x@wasbord.nl", role: "beheerder" }],
    ["PUT", "/api/admin/users/1", { role: "analist", version: 1 }],
    ["PUT", "/api/admin/users/1/active", { active: false, version: 1 }],
    ["GET", "/api/admin/items"],
    ["POST", "/api/admin/items", {}],
    ["PUT", "/api/admin/items/1", {}],
    ["PUT", "/api/admin/items/1/active", {}],
    ["POST", "/api/admin/items/1/move", {}],
    ["DELETE", "/api/admin/items/1?version=1"],
    ["GET", "/api/admin/promotions"],
    ["POST", "/api/admin/promotions", {}],
    ["PUT", "/api/admin/promotions/1", {}],
    ["PUT", "/api/admin/promotions/1/active", {}],
    ["GET", "/api/admin/promotions/1/vouchers"],
    ["GET", "/api/admin/promotions/1/vouchers.csv"],
    ["POST", "/api/admin/promotions/1/vouchers", { count: 1 }],
    ["GET", "/api/admin/sites"],
    ["POST", "/api/admin/sites", {}],
    ["PUT", "/api/admin/sites/1", {}],
    ["PUT", "/api/admin/sites/1/active", {}],
    ["GET", "/api/admin/connections/api-keys"],
    ["POST", "/api/admin/connections/api-keys", { name: "x", scope: "all" }],
    ["POST", "/api/admin/connections/api-keys/1/revoke"],
    ["GET", "/api/admin/connections/freshness"],
    // The features' settings, mounted beside admin's own under the same guard.
    ["GET", "/api/admin/privacy"],
    ["POST", "/api/admin/privacy/lookup", { plate: "AB-123-C" }],
    ["GET", "/api/admin/mail/status"],
    ["GET", "/api/admin/weekly-mail"],
    ["POST", "/api/admin/weekly-mail/recipients", { email: "x@wasbord.nl" }],
    ["GET", "/api/admin/alerts"],
    ["POST", "/api/admin/alerts/run"],
    ["GET", "/api/admin/report-tokens"],
    ["POST", "/api/admin/report-tokens", { name: "x" }],
  ];

  it("gets 403 from every admin endpoint, reading as well as changing", async () => {
    const statuses = [];
    for (const [method, path, body] of calls) {
      const response =
        method === "GET"
          ? await analist.get(path)
          : method === "POST"
            ? await analist.post(path, body)
            : method === "PUT"
              ? await analist.put(path, body)
              : await analist.delete(path);
      statuses.push(`${method} ${path} ${response.status} ${response.body?.error?.code}`);
    }
    expect(statuses).toEqual(calls.map(([method, path]) => `${method} ${path} 403 forbidden`));
    expect((await userByEmail("x@wasbord.nl")) ?? null).toBeNull();
  });

  it("still reads /api/me as an analist", async () => {
    expect((await analist.get("/api/me")).body).toMatchObject({ role: "analist" });
  });
});
