import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { alertsSent } from "../metrics/metrics.ts";
import { deliverDue } from "./deliver.ts";
import { evaluateAlerts } from "./evaluate.ts";

// The alert cycle against real parts: a DuckDB file, an SMTP server that receives (smtp-server, parsed back
// with mailparser), and an HTTP webhook receiver that checks the signature itself, with its own HMAC code.
// The clock is the test's: every evaluation gets its own "now".
//
// Fixture dates: Monday 16 November 2026, winter time (Amsterdam = UTC+1). Opening hours Monday 08–20 local.

const SECRET = "a-shared-secret-of-the-test";

/** wasbord_alerts_sent_total as /metrics shows it. */
const sentMetric = () =>
  Number(
    alertsSent
      .render()
      .find((line) => line.startsWith("wasbord_alerts_sent_total "))
      ?.split(" ")[1],
  );

interface Received {
  signatureValid: boolean;
  timestamp: string;
  body: {
    event: string;
    incident: { id: number; subjectLabel: string; resolvedAt: string | null };
    rule: { name: string };
  };
}

let smtp: SMTPServer;
let smtpPort: number;
const mails: ParsedMail[] = [];
let receiver: Server;
let receiverUrl: string;
const hooks: Received[] = [];
/** Status codes the receiver answers with, one per request; 200 once the list is used up. */
let answers: number[] = [];

let mailer: Mailer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        mails.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(request.headers["x-wasbord-timestamp"]);
      // The receiver's own check: HMAC-SHA256 of "<timestamp>.<body>" with the shared secret.
      const expected = `sha256=${createHmac("sha256", SECRET).update(`${timestamp}.${raw}`).digest("hex")}`;
      hooks.push({
        signatureValid: request.headers["x-wasbord-signature"] === expected,
        timestamp,
        body: JSON.parse(raw),
      });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/wasbord`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-alerts-"));
  db = await migratedDatabase(join(dir, "wasbord.duckdb"));
  // The app's own Mailer, through SMTP_URL to the test's SMTP server.
  const config = loadConfig({
    OIDC_ISSUER: "https://login.example.com",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Wasbord <meldingen@wasbord.nl>",
  });
  mailer = await createMailer(config.mail, { db });
  await db.run(
    `INSERT INTO sites (id, code, name, postcode, city, lat, lon) VALUES
       (1, 'utrecht-noord', 'Utrecht Noord', '3511AB', 'Utrecht', 52.1, 5.1)`,
  );
  mails.length = 0;
  hooks.length = 0;
  answers = [];
});

afterEach(async () => {
  await mailer.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (iso: string) => new Date(iso);
const channels = () => ({ mailer, appUrl: "https://wasbord.example" });

/** One scheduler tick at `now`: evaluate, then send what is due. */
async function tick(now: string) {
  const evaluation = await evaluateAlerts(db, at(now));
  const delivery = await deliverDue(db, at(now), channels());
  return { ...evaluation, ...delivery };
}

async function addRule(columns: Record<string, string | number | null>) {
  const names = Object.keys(columns);
  await db.run(
    `INSERT INTO alert_rules (${names.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")})`,
    Object.values(columns),
  );
}

const read = (eventId: string, readAt: string, camera = "cam-1") =>
  db.run(
    `INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera, plate, sidecode)
     VALUES (1, $1, $2::TIMESTAMPTZ, 1, $3, 'AB123C', 7)`,
    [eventId, readAt, camera],
  );

const deliveries = () =>
  db.query<{ event: string; channel: string; status: string; attempts: number; nextAttemptAt: string }>(
    `SELECT event, channel, status, attempts, next_attempt_at AS "nextAttemptAt"
     FROM alert_deliveries ORDER BY id`,
  );

describe("a camera that goes silent", () => {
  beforeEach(async () => {
    await addRule({
      name: "Camera Utrecht stil",
      kind: "source-silent",
      site_id: 1,
      source: "plate-reads",
      level: "stil",
      recipients: "ops@wasbord.nl,chef@wasbord.nl",
      webhook_url: receiverUrl,
      webhook_secret: SECRET,
    });
    // The last read: 08:30 UTC = 09:30 local.
    await read("r1", "2026-11-16T08:30:00Z");
  });

  it("opens one incident with one e-mail and one signed webhook, never twice, and one resolved message", async () => {
    // 13:00 local: quiet 3.5 opening hours, below the 4 of "stil" (it is "vertraagd"): nothing yet.
    expect(await tick("2026-11-16T12:00:00Z")).toMatchObject({ opened: 0, resolved: 0, sent: 0 });
    expect(mails).toHaveLength(0);

    // 14:00 local: quiet 4.5 opening hours: "stil", the incident opens.
    const sentBefore = sentMetric();
    expect(await tick("2026-11-16T13:00:00Z")).toMatchObject({ opened: 1, resolved: 0, sent: 2, failed: 0 });
    expect(sentMetric() - sentBefore).toBe(2);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("[Wasbord] Melding: Camera Utrecht stil — Utrecht Noord — camera's");
    expect(mails[0].from?.text).toBe('"Wasbord" <meldingen@wasbord.nl>');
    expect(mails[0].text).toContain("Laatste gegevens van 16-11-2026 09:30 (stil).");
    expect(mails[0].text).toContain("https://wasbord.example/admin/alerts");
    const to = mails[0].to;
    expect((Array.isArray(to) ? to : [to]).flatMap((a) => a?.value.map((v) => v.address))).toEqual([
      "ops@wasbord.nl",
      "chef@wasbord.nl",
    ]);
    expect(hooks).toHaveLength(1);
    expect(hooks[0].signatureValid).toBe(true);
    expect(hooks[0].timestamp).toBe(String(Date.parse("2026-11-16T13:00:00Z") / 1000));
    expect(hooks[0].body).toMatchObject({
      event: "incident.opened",
      rule: { name: "Camera Utrecht stil" },
      incident: { subjectLabel: "Utrecht Noord — camera's", resolvedAt: null },
    });

    // Evaluated again, still silent: the same incident, no second message.
    expect(await tick("2026-11-16T13:01:00Z")).toMatchObject({ opened: 0, resolved: 0, sent: 0 });
    expect(await tick("2026-11-16T15:00:00Z")).toMatchObject({ opened: 0, resolved: 0, sent: 0 });
    expect(mails).toHaveLength(1);
    expect(hooks).toHaveLength(1);

    // A read arrives (16:05 local): the next evaluation resolves the incident, one message per channel.
    await read("r2", "2026-11-16T15:05:00Z");
    expect(await tick("2026-11-16T15:06:00Z")).toMatchObject({ opened: 0, resolved: 1, sent: 2 });
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe("[Wasbord] Opgelost: Camera Utrecht stil — Utrecht Noord — camera's");
    expect(mails[1].text).toContain("Laatste gegevens van 16-11-2026 16:05 (actueel).");
    expect(hooks).toHaveLength(2);
    expect(hooks[1].signatureValid).toBe(true);
    expect(hooks[1].body).toMatchObject({
      event: "incident.resolved",
      incident: { id: hooks[0].body.incident.id, resolvedAt: "2026-11-16T15:06:00.000Z" },
    });

    expect(await tick("2026-11-16T15:07:00Z")).toMatchObject({ opened: 0, resolved: 0, sent: 0 });
    expect(mails).toHaveLength(2);
    expect(await deliveries()).toMatchObject([
      { event: "opened", channel: "email", status: "sent", attempts: 1 },
      { event: "opened", channel: "webhook", status: "sent", attempts: 1 },
      { event: "resolved", channel: "email", status: "sent", attempts: 1 },
      { event: "resolved", channel: "webhook", status: "sent", attempts: 1 },
    ]);
  });

  it("cannot be stored as a second open incident of the same rule and subject", async () => {
    await tick("2026-11-16T13:00:00Z");
    // What an evaluator that missed the open incident would write: the database refuses it.
    await expect(
      db.run(`INSERT INTO alert_incidents (rule_id, subject, subject_label, started_at, detail, open_key)
        SELECT rule_id, subject, subject_label, started_at + INTERVAL 1 MINUTE, detail, open_key
        FROM alert_incidents`),
    ).rejects.toThrow(/constraint/i);
  });

  it("is a new incident when the camera goes silent again after it was resolved", async () => {
    await tick("2026-11-16T13:00:00Z");
    await read("r2", "2026-11-16T13:30:00Z");
    await tick("2026-11-16T13:31:00Z");
    // Silent again from 14:30 local: 4 opening hours later is 18:30 local.
    await tick("2026-11-16T17:30:00Z");
    const incidents = await db.query<{ startedAt: string; resolvedAt: string | null }>(
      `SELECT started_at AS "startedAt", resolved_at AS "resolvedAt" FROM alert_incidents ORDER BY id`,
    );
    expect(incidents).toEqual([
      { startedAt: "2026-11-16T13:00:00.000Z", resolvedAt: "2026-11-16T13:31:00.000Z" },
      { startedAt: "2026-11-16T17:30:00.000Z", resolvedAt: null },
    ]);
    expect(mails.map((m) => m.subject?.split(":")[0])).toEqual([
      "[Wasbord] Melding",
      "[Wasbord] Opgelost",
      "[Wasbord] Melding",
    ]);
  });
});

describe("a webhook that fails", () => {
  beforeEach(async () => {
    await addRule({
      name: "Kassa stil",
      kind: "source-silent",
      site_id: 1,
      source: "transactions",
      level: "vertraagd",
      webhook_url: receiverUrl,
      webhook_secret: SECRET,
    });
  });

  it("is retried after 1 and 5 minutes, and sent when the receiver answers", async () => {
    answers = [500, 503];
    // The till never sent anything: "stil" straight away. 10:00 local.
    expect(await tick("2026-11-16T09:00:00Z")).toMatchObject({ opened: 1, sent: 0, failed: 1 });
    expect(await deliveries()).toMatchObject([
      { status: "retrying", attempts: 1, nextAttemptAt: "2026-11-16T09:01:00.000Z" },
    ]);
    // Not before the back-off has passed.
    expect(await tick("2026-11-16T09:00:59Z")).toMatchObject({ sent: 0, failed: 0 });
    expect(hooks).toHaveLength(1);
    expect(await tick("2026-11-16T09:01:00Z")).toMatchObject({ sent: 0, failed: 1 });
    expect(await deliveries()).toMatchObject([
      { status: "retrying", attempts: 2, nextAttemptAt: "2026-11-16T09:06:00.000Z" },
    ]);
    expect(await tick("2026-11-16T09:06:00Z")).toMatchObject({ sent: 1, failed: 0 });
    expect(hooks).toHaveLength(3);
    expect(hooks.every((hook) => hook.signatureValid)).toBe(true);
    // Every attempt is the same incident, signed at its own moment.
    expect(new Set(hooks.map((hook) => hook.body.incident.id)).size).toBe(1);
    expect(hooks.map((hook) => hook.timestamp)).toEqual(
      ["09:00:00", "09:01:00", "09:06:00"].map((t) => String(Date.parse(`2026-11-16T${t}Z`) / 1000)),
    );
    expect(await deliveries()).toMatchObject([{ status: "sent", attempts: 3 }]);
  });

  it("gives up after the fourth attempt (0, +1, +5, +30 minutes) and says so in the log", async () => {
    answers = [500, 500, 500, 500, 500];
    await tick("2026-11-16T09:00:00Z");
    await tick("2026-11-16T09:01:00Z");
    await tick("2026-11-16T09:06:00Z");
    await tick("2026-11-16T09:36:00Z");
    await tick("2026-11-16T12:00:00Z");
    expect(hooks).toHaveLength(4);
    const [log] = await db.query<{ status: string; attempts: number; lastError: string }>(
      `SELECT status, attempts, last_error AS "lastError" FROM alert_deliveries`,
    );
    expect(log).toEqual({ status: "failed", attempts: 4, lastError: "Webhook antwoordde HTTP 500." });
  });
});

describe("washes well below the usual", () => {
  beforeEach(async () => {
    await db.run(
      "INSERT INTO items (id, code, name, kind, price_cents) VALUES (1, 'basis', 'Basis', 'programma', 1000), (2, 'wax', 'Wax', 'extra', 300)",
    );
    await addRule({
      name: "Utrecht rustig",
      kind: "washes-below-usual",
      site_id: 1,
      threshold: 60,
      recipients: "ops@wasbord.nl",
    });
  });

  let line = 0;
  /** `washes` washes (one line of the programme, that quantity) and as many extras at a local time. */
  const sell = async (localIso: string, washes: number) => {
    for (const item of [1, 2]) {
      line++;
      await db.run(
        `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
           unit_price_cents, amount_cents, vat_cents)
         VALUES ($1, 1, 1, timezone('Europe/Amsterdam', $2::TIMESTAMP), $3, $4, 1000, $4 * 1000, 0)`,
        [line, localIso, item, washes],
      );
    }
  };

  it("speaks when today is below 60 % of the median of the same weekday, and resolves when it catches up", async () => {
    // The 8 Mondays before 16 November, washes before 11:00 local: 20, 22, 18, 25, 19, 21, 30 and none
    // (the 21 September one). Sorted 0 18 19 20 21 22 25 30 → median (20 + 21) / 2 = 20.5; 60 % = 12.3.
    const before = [20, 22, 18, 25, 19, 21, 30];
    for (const [i, washes] of before.entries()) {
      const monday = new Date(Date.parse("2026-11-09T00:00:00Z") - i * 7 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      await sell(`${monday} 10:15:00`, washes);
      // After 11:00: not part of "up to the same hour".
      await sell(`${monday} 11:10:00`, 50);
    }
    await sell("2026-11-16 09:05:00", 6);
    await sell("2026-11-16 10:40:00", 4);
    // A Sunday wash does not count for a Monday.
    await sell("2026-11-15 10:00:00", 40);

    // 08:30 local: before the first whole opening hour, not judged.
    expect(await tick("2026-11-16T07:30:00Z")).toMatchObject({ opened: 0 });
    // 11:30 local: 10 washes up to 11:00 against a usual 20.5: below 12.3.
    expect(await tick("2026-11-16T10:30:00Z")).toMatchObject({ opened: 1, sent: 1 });
    expect(mails[0].text).toContain("Vandaag tot 11:00 uur 10 wassen; gewoonlijk 20,5 (48,8%, grens 60%).");

    // Three more washes at 10:50 local (late data): 13 ≥ 12.3, resolved at the next evaluation.
    await sell("2026-11-16 10:50:00", 3);
    expect(await tick("2026-11-16T10:31:00Z")).toMatchObject({ resolved: 1, sent: 1 });
    expect(mails[1].subject).toBe("[Wasbord] Opgelost: Utrecht rustig — Utrecht Noord");
  });
});

describe("a camera's read rate", () => {
  it("counts the reads in the hour before now, and judges only whole opening hours", async () => {
    await addRule({
      name: "Weinig kentekens",
      kind: "read-rate",
      threshold: 3,
      recipients: "ops@wasbord.nl",
    });
    // cam-1: 2 reads between 11:00 and 12:00 local; cam-2: 3 reads (not below the minimum of 3).
    await read("a1", "2026-11-16T10:10:00Z");
    await read("a2", "2026-11-16T10:50:00Z");
    await read("a0", "2026-11-16T09:59:00Z"); // 10:59 local, before the hour
    for (const [i, minute] of [5, 25, 45].entries()) {
      await read(`b${i}`, `2026-11-16T10:${minute}:00Z`, "cam-2");
    }
    // 08:30 local: the hour before began at 07:30, before opening: not judged.
    expect(await tick("2026-11-16T07:30:00Z")).toMatchObject({ opened: 0 });
    expect(await tick("2026-11-16T11:00:00Z")).toMatchObject({ opened: 1 });
    expect(mails.map((m) => m.subject)).toEqual([
      "[Wasbord] Melding: Weinig kentekens — Utrecht Noord — camera cam-1",
    ]);
    expect(mails[0].text).toContain("2 kentekens in het uur tot 16-11-2026 12:00 (minimum 3 per uur).");
  });
});

describe("a daily KPI", () => {
  it("compares yesterday's revenue with the value, once per crossing", async () => {
    await addRule({
      name: "Omzet laag",
      kind: "kpi-threshold",
      kpi: "revenue",
      direction: "below",
      threshold: 100,
      recipients: "ops@wasbord.nl",
    });
    const sale = (id: number, localIso: string, cents: number) =>
      db.run(
        `INSERT INTO transactions (site_id, event_id, occurred_at, payment_method, subtotal_cents, total_cents, vat_cents)
         VALUES (1, $1, timezone('Europe/Amsterdam', $2::TIMESTAMP), 'pin', $3, $3, 0)`,
        [`t${id}`, localIso, cents],
      );
    // Sunday 15 November: € 60 + € 30 = € 90, below € 100. 23:30 local on Sunday is still Sunday.
    await sale(1, "2026-11-15 10:00:00", 6000);
    await sale(2, "2026-11-15 23:30:00", 3000);
    // Saturday: € 500, not yesterday on Monday.
    await sale(3, "2026-11-14 12:00:00", 50000);
    expect(await tick("2026-11-16T06:00:00Z")).toMatchObject({ opened: 1 });
    // nl-NL puts a no-break space between the euro sign and the amount.
    expect(mails[0].text).toContain("Omzet incl. btw op 15-11-2026: €\u00a090 (grens: onder €\u00a0100).");
    expect(await tick("2026-11-16T18:00:00Z")).toMatchObject({ opened: 0, resolved: 0 });
    // Monday itself: € 150; on Tuesday yesterday is fine again.
    await sale(4, "2026-11-16 12:00:00", 15000);
    expect(await tick("2026-11-17T06:00:00Z")).toMatchObject({ resolved: 1 });
    expect(mails).toHaveLength(2);
  });
});
