import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/database.ts";
import { createMailer, type Mailer } from "../../src/server/mail/mailer.ts";
import { addRecipient } from "../../src/server/weekly-mail/recipients.ts";
import { sendDueWeeklyMails, type WeeklyMailDeps } from "../../src/server/weekly-mail/send.ts";
import { nextWeekToSend, sendTimeOf } from "../../src/server/weekly-mail/week.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { FIXTURE_IDS, loadReportsFixture } from "./fixtures/reports-fixture.ts";

// The Monday e-mail end to end: the hand-made report fixture (tests/api/fixtures/reports-fixture.ts) in a
// real DuckDB file, a real SMTP server started here receiving what the mailer sends through SMTP_URL, the
// mails parsed back, and the opt-out link followed over real HTTP.
//
// "Now" is Monday 26 October 2026, 07:00 CET (06:00 UTC): the mail reports week 43, Mon 19 – Sun 25 October
// 2026, against week 42 (12–18 October) and week 43 of 2025 (Mon 20 – Sun 26 October 2025).
// Prices are multiples of €1,21, so revenue excl. VAT is exact: basis €10, premium €15, velgen €3, wax €4,
// abo €20 (excl. VAT). Washes count programmes (basis, premium); the abo and the extras are no wash.
//
//   week 43  Utrecht: C1 basis, C2 premium+velgen, C9 basis, C5 basis −€1,21 (€9 excl.), C6 basis+velgen
//                     = 5 washes, €10+€18+€10+€9+€13 = €60 excl. VAT
//            Zeist:   C3 basis, C8 basis, C4 premium+wax, C7 abo (online) = 3 washes, €10+€10+€19+€20 = €59
//            Houten:  nothing.        Chain: 8 washes, €119,00; per car €119 ÷ 8 = €14,875 → "€ 14,88"
//            (X1, Monday 26 October 00:00 CET, is the next week: not counted.)
//   week 42  Utrecht P1 basis, P3 basis = 2 washes, €20; Zeist P4 premium, P2 premium+velgen = 2, €33.
//            Chain: 4 washes, €53; per car €13,25.
//   2025 w43 Y1 Utrecht basis (Wed 22 October 2025): 1 wash, €10, per car €10.
//   Changes (chain): washes 8 vs 4 +100,0%, vs 1 +700,0%; revenue €119 vs €53 +124,5% (66/53), vs €10
//            +1.090,0%; per car 14,875 vs 13,25 +12,3% (1,625/13,25 = 12,26 %), vs 10 +48,8%.
//   New customers (plates read at an entrance for the first time ever, at any site): week 43 ZZ001Z (Zeist),
//            PQ777R (Utrecht), AB123C (Zeist, then Utrecht the same night) = 3; week 42 KL456M = 1 (+200,0%);
//            KL456M is back in week 43, so returning. 2025: none ("–": no change from nothing).
//   Best/worst site by the change in washes vs the week before: Utrecht 5 vs 2 +150,0%, Zeist 3 vs 2 +50,0%;
//            Houten 0 vs 0 has no change and is not ranked.
//   Per day (Mon…Sun) week 43: C1 | C2 | C3 | – | – | C8 C9 | C4 C5 C6 → 1,1,1,0,0,2,3;
//            week 42: P4 | P1 | – | P2 | – | – | P3 → 1,1,0,1,0,0,1.
//   Zeist only: 3 washes vs 2 (+50,0%), 2025: 0 ("–"); €59 vs €33 (+78,8%: 26/33); new: ZZ001Z and AB123C
//            came to Zeist new to the chain = 2, week 42 none at Zeist ("–").

const MONDAY_0700 = new Date("2026-10-26T06:00:00Z");

interface Received {
  to: string[];
  mail: ParsedMail;
}

let dir: string;
let db: Database;
let smtp: SMTPServer;
let mailer: Mailer;
let http: ReturnType<typeof serve>;
let deps: WeeklyMailDeps;
const received: Received[] = [];

/** Spaces as a person reads them: Intl writes "€ 119" with a no-break space. */
const plain = (text: string | false | undefined) => (text || "").replace(/\u00a0/g, " ");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-weekly-mail-"));
  db = await migratedDatabase(join(dir, "wasbord.duckdb"));
  await loadReportsFixture(db);

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let app: ReturnType<typeof createApp> | null = null;
  http = serve({
    fetch: (request) => (app as ReturnType<typeof createApp>).fetch(request),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => http.once("listening", () => resolve()));
  const publicUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const issuer = "http://127.0.0.1:9";
  const config = loadConfig({
    NODE_ENV: "test",
    OIDC_ISSUER: issuer,
    DATABASE_PATH: db.path,
    PUBLIC_URL: publicUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    MAIL_FROM: "Wasbord <wasbord@wasbord.nl>",
  });
  mailer = await createMailer(config.mail, { db });
  app = createApp({
    config,
    db,
    mailer,
    provider: { issuer, authorization_endpoint: `${issuer}/auth`, jwks_uri: `${issuer}/jwks` },
    verifyToken: () => Promise.reject(new Error("nobody signs in: the opt-out link needs no sign-in")),
  });
  deps = { db, mailer, publicUrl };

  // Added the Wednesday before the first Monday of the tests.
  const wednesday = new Date("2026-10-21T10:00:00Z");
  await addRecipient(db, "demo@wasbord.nl", { email: "eigenaar@wasbord.nl", siteIds: [] }, wednesday);
  await addRecipient(
    db,
    "demo@wasbord.nl",
    { email: "zeist@wasbord.nl", siteIds: [FIXTURE_IDS.site("zeist")] },
    wednesday,
  );
});

afterAll(async () => {
  await mailer?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise<void>((resolve) => http?.close(() => resolve()));
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const mailTo = (address: string) => {
  const found = received.filter((r) => r.to.includes(address));
  expect(found).toHaveLength(1);
  return found[0].mail;
};

describe("the Monday e-mail", () => {
  it("is not sent before Monday 07:00 Amsterdam time", async () => {
    // 06:59:59 CET
    expect(await sendDueWeeklyMails(deps, new Date("2026-10-26T05:59:59Z"))).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(0);
  });

  it("goes out at 07:00 to every recipient, once: a second run the same week sends nothing", async () => {
    expect(await sendDueWeeklyMails(deps, MONDAY_0700)).toEqual({ sent: 2, failed: 0 });
    expect(await sendDueWeeklyMails(deps, new Date("2026-10-26T06:01:00Z"))).toEqual({ sent: 0, failed: 0 });
    expect(await sendDueWeeklyMails(deps, new Date("2026-10-29T12:00:00Z"))).toEqual({ sent: 0, failed: 0 });
    expect(received.map((r) => r.to).sort()).toEqual([["eigenaar@wasbord.nl"], ["zeist@wasbord.nl"]]);
    const sends = await db.query<{ email: string; week: string; message_id: string }>(
      "SELECT email, week_start AS week, message_id FROM weekly_mail_sends ORDER BY email",
    );
    expect(sends.map(({ email, week }) => ({ email, week }))).toEqual([
      { email: "eigenaar@wasbord.nl", week: "2026-10-19" },
      { email: "zeist@wasbord.nl", week: "2026-10-19" },
    ]);
    // The message id stored is the one the SMTP server received.
    expect(sends[0].message_id).toBe(mailTo("eigenaar@wasbord.nl").messageId);
  });

  it("carries the chain's figures in the plain-text part", () => {
    const mail = mailTo("eigenaar@wasbord.nl");
    expect(mail.from?.value[0].address).toBe("wasbord@wasbord.nl");
    expect(plain(mail.subject)).toBe("Wasbord week 43: 8 wassen (+100,0%), hele keten");
    const text = plain(mail.text);
    expect(text).toContain("Wasbord — week 43, 19 okt – 25 okt 2026");
    expect(text).toContain("Wassen: 8\n  vorige week 4 (+100,0%); week 43 van 2025 1 (+700,0%)");
    expect(text).toContain(
      "Omzet excl. btw: € 119\n  vorige week € 53 (+124,5%); week 43 van 2025 € 10 (+1.090,0%)",
    );
    expect(text).toContain(
      "Omzet per auto excl. btw: € 14,88\n  vorige week € 13,25 (+12,3%); week 43 van 2025 € 10,00 (+48,8%)",
    );
    expect(text).toContain(
      "Nieuwe klanten (eerste bezoek): 3\n  vorige week 1 (+200,0%); week 43 van 2025 0 (–)",
    );
    expect(text).toContain("Beste vestiging: Utrecht Centrum: 5 wassen (+150,0% t.o.v. vorige week)");
    expect(text).toContain("Zwakste vestiging: Zeist: 3 wassen (+50,0% t.o.v. vorige week)");
    expect(text).toContain("- ma 19 okt: 1 / 1\n- di 20 okt: 1 / 1\n- wo 21 okt: 1 / 0\n- do 22 okt: 0 / 1");
    expect(text).toContain("- za 24 okt: 2 / 0\n- zo 25 okt: 3 / 1");
    expect(text).toContain(
      `Het rapport: ${deps.publicUrl}/reports/trx-revenue?period=custom&from=2026-10-19&to=2026-10-25&compare=previous`,
    );
  });

  it("has an HTML part with the same figures and two charts drawn on the server", () => {
    const mail = mailTo("eigenaar@wasbord.nl");
    const html = plain(mail.html);
    expect(html).toContain(">8</div>");
    expect(html).toContain(">€ 119</div>");
    expect(html).toContain(">€ 14,88</div>");
    expect(html).toContain("Beste vestiging: <b>Utrecht Centrum</b>");
    expect(html.match(/<svg /g)).toHaveLength(2);
    // This week's bars in the app's blue, the week before in grey, in both charts (and their legends).
    expect(html).toContain('fill="#1971c2"');
    expect(html).toContain('fill="#adb5bd"');
    expect(html).toContain(`href="${deps.publicUrl}/reports/trx-revenue?period=custom&amp;from=2026-10-19`);
    expect(html).toMatch(/href="[^"]+\/mail\/afmelden\?token=\d+\.[\w-]{43}"/);
  });

  it("gives one site's recipient that site's figures, without a ranking", () => {
    const mail = mailTo("zeist@wasbord.nl");
    const text = plain(mail.text);
    expect(plain(mail.subject)).toBe("Wasbord week 43: 3 wassen (+50,0%), Zeist");
    expect(text).toContain("Wassen: 3\n  vorige week 2 (+50,0%); week 43 van 2025 0 (–)");
    expect(text).toContain("Omzet excl. btw: € 59\n  vorige week € 33 (+78,8%); week 43 van 2025 € 0 (–)");
    expect(text).toContain("Nieuwe klanten (eerste bezoek): 2\n  vorige week 0 (–)");
    expect(text).not.toContain("Beste vestiging");
    expect(text).toContain("&site=zeist");
  });

  it("has an opt-out link that needs no sign-in, asks first, and stops the next week's mail", async () => {
    const text = plain(mailTo("zeist@wasbord.nl").text);
    const link = /Afmelden: (\S+)/.exec(text)?.[1] as string;
    expect(link).toMatch(/\/mail\/afmelden\?token=\d+\.[\w-]{43}$/);
    // The mail client's own "unsubscribe" button (RFC 8058) posts to the same link.
    const headers = mailTo("zeist@wasbord.nl").headerLines.map((header) => header.line.replace(/\r?\n/g, ""));
    expect(headers).toContain(`List-Unsubscribe: <${link}>`);
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // A forged token (another recipient's id with this signature) is refused.
    const forged = link.replace(/token=\d+/, "token=1");
    expect((await fetch(forged)).status).toBe(404);

    const ask = await fetch(link);
    expect(ask.status).toBe(200);
    const askPage = await ask.text();
    expect(askPage).toContain("zeist@wasbord.nl");
    expect(askPage).toContain("Ja, meld mij af");
    // Looking at the page turned nothing off.
    const [before] = await db.query<{ off: boolean }>(
      "SELECT unsubscribed_at IS NOT NULL AS off FROM weekly_mail_recipients WHERE email = 'zeist@wasbord.nl'",
    );
    expect(before.off).toBe(false);

    const confirm = await fetch(link, { method: "POST" });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("Je bent afgemeld");

    // Monday 2 November 2026, 07:00 CET: week 44 goes to the chain's recipient only.
    const next = await sendDueWeeklyMails(deps, new Date("2026-11-02T06:00:00Z"));
    expect(next).toEqual({ sent: 1, failed: 0 });
    expect(received.at(-1)?.to).toEqual(["eigenaar@wasbord.nl"]);
    expect(received.at(-1)?.mail.subject).toMatch(/^Wasbord week 44: /);
  });

  it("gives a recipient added on a Friday evening the next Monday's mail, not last week's at once", async () => {
    // Friday 6 November 2026, 20:00 CET: Instellingen › Postvak says the next mail goes out Monday 9
    // November 07:00, about week 45 (2–8 November).
    const friday = new Date("2026-11-06T19:00:00Z");
    expect(nextWeekToSend(friday)).toMatchObject({ from: "2026-11-02", iso: { week: 45 } });
    expect(sendTimeOf(nextWeekToSend(friday)).toISOString()).toBe("2026-11-09T06:00:00.000Z");
    await addRecipient(db, "demo@wasbord.nl", { email: "nieuw@wasbord.nl", siteIds: [] }, friday);
    const before = received.length;
    // The schedule's runs that evening and over the weekend send nothing (week 44's slot was before them).
    for (const at of ["2026-11-06T19:00:21Z", "2026-11-07T09:00:00Z", "2026-11-09T05:59:59Z"]) {
      expect(await sendDueWeeklyMails(deps, new Date(at))).toEqual({ sent: 0, failed: 0 });
    }
    expect(received.length).toBe(before);
    // Monday 07:00: week 45, to the new recipient and the one already there; once, also on a later run.
    expect(await sendDueWeeklyMails(deps, new Date("2026-11-09T06:00:00Z"))).toEqual({ sent: 2, failed: 0 });
    expect(await sendDueWeeklyMails(deps, new Date("2026-11-09T06:01:00Z"))).toEqual({ sent: 0, failed: 0 });
    const toNew = received.filter((r) => r.to.includes("nieuw@wasbord.nl"));
    expect(toNew.map((r) => r.mail.subject)).toEqual([expect.stringMatching(/^Wasbord week 45: /)]);
  });

  it("still sends a slot's mail late after the server was down at 07:00, to those added before it", async () => {
    // Added Sunday 15 November; the server is down on Monday 16 November from 06:00 until 09:30.
    await addRecipient(
      db,
      "demo@wasbord.nl",
      { email: "zondag@wasbord.nl", siteIds: [] },
      new Date("2026-11-15T12:00:00Z"),
    );
    // Monday 09:30 CET: week 46 goes to the three subscribed recipients.
    expect(await sendDueWeeklyMails(deps, new Date("2026-11-16T08:30:00Z"))).toEqual({ sent: 3, failed: 0 });
    expect(received.filter((r) => r.to.includes("zondag@wasbord.nl"))).toHaveLength(1);
  });
});
