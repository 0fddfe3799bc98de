import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/server/db/database.ts";
import type { Mailer, MailMessage } from "../../src/server/mail/mailer.ts";
import { type SubscriptionMailDeps, sendDueSubscriptionMails } from "../../src/server/subscriptions/send.ts";
import { createSubscription, type NewSubscription } from "../../src/server/subscriptions/store.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { loadReportsFixture } from "./fixtures/reports-fixture.ts";

// The subscription schedule against a real DuckDB file and the hand-made report fixture
// (tests/api/fixtures/reports-fixture.ts), on a fixed clock, with a mailer that keeps what it is given.
// Monday 26 October 2026 is CET (UTC+1): 07:00 local = 06:00Z.

const sent: MailMessage[] = [];
const mailer: Mailer = {
  mode: "inbox",
  send: async (message) => {
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  },
  close: async () => {},
};

let dir: string;
let db: Database;
const deps = () => ({ db, mailer, publicUrl: "https://wasbord.example.nl" }) satisfies SubscriptionMailDeps;

const daily: Omit<NewSubscription, "recipients"> = {
  report: "trx-revenue",
  query: "period=custom&from=2026-10-19&to=2026-10-25&compare=previous",
  name: "Omzet vorige week",
  cadence: "daily",
  weekday: null,
  monthDay: null,
  hour: 7,
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-subscriptions-"));
  db = await migratedDatabase(join(dir, "wasbord.duckdb"));
  await loadReportsFixture(db);
  await db.run("INSERT INTO app_users (email, role) VALUES ('baas@wasbord.nl', 'beheerder')");
});

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const to = (address: string) => sent.filter((mail) => mail.to.includes(address));

describe("the subscription schedule", () => {
  it("sends a daily 07:00 subscription added at 07:30 tomorrow at 07:00, not now", async () => {
    await createSubscription(
      db,
      "demo@wasbord.nl",
      { ...daily, recipients: ["eigenaar@wasbord.nl"] },
      new Date("2026-10-26T06:30:00Z"),
    );
    expect(await sendDueSubscriptionMails(deps(), new Date("2026-10-26T06:30:00Z"))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await sendDueSubscriptionMails(deps(), new Date("2026-10-27T05:59:59Z"))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await sendDueSubscriptionMails(deps(), new Date("2026-10-27T06:00:00Z"))).toEqual({
      sent: 1,
      failed: 0,
    });
    const [mail] = to("eigenaar@wasbord.nl");
    expect(mail.attachments?.[0].filename).toBe("trx-revenue-2026-10-19-2026-10-25.xlsx");
    expect(mail.text.replace(/\u00a0/g, " ")).toContain("vorige periode");
    expect(mail.text).toContain(
      "https://wasbord.example.nl/reports/trx-revenue?period=custom&from=2026-10-19",
    );
    expect(mail.text).toMatch(/\/mail\/abonnement-afmelden\?token=\d+\.[\w-]{43}/);
  });

  it("never sends a slot twice, also after a restart", async () => {
    expect(await sendDueSubscriptionMails(deps(), new Date("2026-10-27T06:01:00Z"))).toEqual({
      sent: 0,
      failed: 0,
    });
    await db.close();
    db = await Database.open(join(dir, "wasbord.duckdb"));
    expect(await sendDueSubscriptionMails(deps(), new Date("2026-10-27T09:00:00Z"))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(to("eigenaar@wasbord.nl")).toHaveLength(1);
    // The next day's slot is a new one.
    expect(await sendDueSubscriptionMails(deps(), new Date("2026-10-28T06:00:00Z"))).toEqual({
      sent: 1,
      failed: 0,
    });
  });

  it("masks plates in the attachment for a recipient who is no beheerder, as on screen", async () => {
    const recipients = ["baas@wasbord.nl", "filiaal@wasbord.nl"];
    await createSubscription(
      db,
      "baas@wasbord.nl",
      { ...daily, report: "users-unique", name: "Vaste klanten", recipients },
      new Date("2026-10-28T12:00:00Z"),
    );
    expect(await sendDueSubscriptionMails(deps(), new Date("2026-10-29T06:00:00Z"))).toEqual({
      sent: 3,
      failed: 0,
    });
    const plates = async (address: string) => {
      const [mail] = to(address).filter((m) => m.attachments?.[0].filename.startsWith("users-unique"));
      const book = new ExcelJS.Workbook();
      const content = mail.attachments?.[0].content as Buffer;
      await book.xlsx.load(new Uint8Array(content).buffer);
      const sheet = book.worksheets.find((s) => s.getCell("A3").value === "Kenteken");
      const values: string[] = [];
      sheet?.eachRow((row, n) => {
        if (n > 3) values.push(String(row.getCell(1).value));
      });
      return values;
    };
    const whole = await plates("baas@wasbord.nl");
    const masked = await plates("filiaal@wasbord.nl");
    expect(whole.length).toBeGreaterThan(0);
    expect(masked).toHaveLength(whole.length);
    expect(whole.some((plate) => plate.includes("•"))).toBe(false);
    expect(masked.every((plate) => plate.includes("•"))).toBe(true);
  });
});
