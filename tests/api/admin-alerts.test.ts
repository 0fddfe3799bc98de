import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, auditOf, startAdminServer } from "./admin-support.ts";

// Instellingen → Meldingen over HTTP: rules validated with exact field paths, the webhook secret never
// shown again, and "check now" writing the log. The cycle itself (incident, no duplicate, resolved, retries)
// is tested against real SMTP and webhook receivers in src/server/alerts/alerts.test.ts.

let t: AdminTestServer;
let admin: ApiClient;

// Fixture: Zeist never sent anything, so its cameras are "stil" at any hour.
beforeAll(async () => {
  t = await startAdminServer(async (db) => {
    await db.run(`INSERT INTO sites (code, name, postcode, city, lat, lon) VALUES
      ('zeist', 'Zeist', '3701AA', 'Zeist', 52.09, 5.23)`);
  });
  admin = t.admin;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const rule = {
  name: "Camera Zeist stil",
  kind: "source-silent",
  siteId: 1,
  source: "plate-reads",
  level: "stil",
  recipients: ["Ops@Wasbord.nl"],
  webhookUrl: "https://hooks.example.com/wasbord",
  webhookSecret: "zestien-tekens-geheim",
  active: true,
};

describe("alert rules API", () => {
  it("creates a rule; the secret is stored but never answered or audited", async () => {
    const response = await admin.post("/api/admin/alerts", rule);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: 1,
      name: "Camera Zeist stil",
      kind: "source-silent",
      siteId: 1,
      siteName: "Zeist",
      camera: null,
      source: "plate-reads",
      level: "stil",
      kpi: null,
      direction: null,
      threshold: null,
      recipients: ["ops@wasbord.nl"],
      webhookUrl: "https://hooks.example.com/wasbord",
      hasSecret: true,
      active: true,
      version: 1,
    });
    const [entry] = await auditOf(admin, "alertRule", 1);
    expect(entry).toMatchObject({ action: "created", actorEmail: "demo@wasbord.nl" });
    expect(JSON.stringify(entry)).not.toContain("zestien");
  });

  it("answers 422 with exact field paths and Dutch messages, and stores nothing", async () => {
    const response = await admin.post("/api/admin/alerts", {
      name: " ",
      kind: "read-rate",
      siteId: null,
      camera: "cam-1",
      recipients: ["ops@wasbord.nl", "geen-adres"],
      webhookUrl: "ftp://hooks.example.com",
      webhookSecret: "kort",
      active: true,
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toEqual({
      code: "validation_failed",
      message: "De invoer is ongeldig.",
      fields: [
        { path: "name", message: "Vul een naam in." },
        { path: "recipients[1]", message: "Vul een geldig e-mailadres in, zoals naam@bedrijf.nl." },
        { path: "webhookUrl", message: "Vul een volledig webadres in dat begint met https:// (of http://)." },
        // The rules between fields, each on the field to change, reported alongside the fields' own.
        { path: "camera", message: "Kies eerst de vestiging van de camera." },
        { path: "threshold", message: "Vul het minimum aantal kentekens per uur in (1 tot 10.000)." },
        { path: "webhookSecret", message: "Het geheim is minstens 16 tekens lang." },
      ],
    });
    expect((await admin.get("/api/admin/alerts")).body).toHaveLength(1);
  });

  it("refuses a second rule with the same name, and an unknown site, on the field", async () => {
    const same = await admin.post("/api/admin/alerts", rule);
    expect(same.status).toBe(409);
    expect(same.body.error.fields).toEqual([{ path: "name", message: "Er is al een regel met deze naam." }]);
    const nowhere = await admin.post("/api/admin/alerts", { ...rule, name: "Elders", siteId: 99 });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.error.fields).toEqual([
      { path: "siteId", message: "Deze vestiging bestaat niet (meer)." },
    ]);
  });

  it("keeps the stored secret when an edit leaves it empty, and drops it with the webhook", async () => {
    const edited = await admin.put("/api/admin/alerts/1", {
      ...rule,
      webhookSecret: "",
      level: "vertraagd",
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ level: "vertraagd", hasSecret: true, version: 2 });
    const mailOnly = await admin.put("/api/admin/alerts/1", {
      ...rule,
      webhookUrl: "",
      webhookSecret: "",
      version: 2,
    });
    expect(mailOnly.body).toMatchObject({ webhookUrl: null, hasSecret: false, version: 3 });
    // A webhook again needs a secret again.
    const noSecret = await admin.put("/api/admin/alerts/1", { ...rule, webhookSecret: "", version: 3 });
    expect(noSecret.status).toBe(422);
    expect(noSecret.body.error.fields).toEqual([
      {
        path: "webhookSecret",
        message: "Vul een gedeeld geheim in (minstens 16 tekens) om de webhook te ondertekenen.",
      },
    ]);
  });

  it("checks now on request, sends the e-mail and logs it, once", async () => {
    const run = await admin.post("/api/admin/alerts/run");
    expect(run.status).toBe(200);
    // The test server sends to the SMTP server inside the app (Postvak), which keeps what it received.
    expect(run.body).toEqual([
      expect.objectContaining({
        ruleName: "Camera Zeist stil",
        subjectLabel: "Zeist — camera's",
        detail: "Nog nooit gegevens ontvangen (stil).",
        event: "opened",
        channel: "email",
        target: "ops@wasbord.nl",
        status: "sent",
        attempts: 1,
        lastError: null,
      }),
    ]);
    const inbox = await admin.get("/api/admin/mail/messages");
    expect(inbox.body).toEqual([
      expect.objectContaining({
        to: ["ops@wasbord.nl"],
        subject: "[Wasbord] Melding: Camera Zeist stil — Zeist — camera's",
      }),
    ]);
    // Checked again: the same incident, no second message.
    const again = await admin.post("/api/admin/alerts/run");
    expect(again.body).toHaveLength(1);
    expect((await admin.get("/api/admin/alerts/log")).body).toHaveLength(1);
    expect((await admin.get("/api/admin/mail/messages")).body).toHaveLength(1);
  });

  it("is for beheerders only", async () => {
    await admin.post("/api/admin/users", { email: "analist@wasbord.nl", role: "analist" });
    const analist = await t.as("analist@wasbord.nl", "analist");
    expect((await analist.get("/api/admin/alerts")).status).toBe(403);
    expect((await analist.get("/api/admin/alerts/log")).status).toBe(403);
  });
});
