import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { latestMessages, messageById } from "./inbox.ts";
import { createMailer, MailOffError } from "./mailer.ts";

// The mailer against real SMTP servers: the one inside the app (development) stores what it receives in
// DuckDB; with SMTP_URL the mail goes to that server (here one started by the test, with a password).

let db: Database;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(() => db.close());

const issuer = { OIDC_ISSUER: "https://login.example.com" };

describe("createMailer", () => {
  it("sends to the SMTP server inside the app outside production, which keeps the message for Postvak", async () => {
    const config = loadConfig({
      ...issuer,
      NODE_ENV: "development",
      MAIL_FROM: "Wasbord <noreply@wasbord.nl>",
    });
    const mailer = await createMailer(config.mail, { db });
    try {
      expect(mailer.mode).toBe("inbox");
      const sent = await mailer.send({
        to: ["eigenaar@wasbord.nl", "bedrijfsleider@wasbord.nl"],
        subject: "Week 47: 1.234 wassingen",
        text: "Platte tekst: € 5.678,90",
        html: "<p>HTML: <b>€ 5.678,90</b></p>",
      });
      const [summary] = await latestMessages(db, 10);
      expect(summary).toMatchObject({
        from: "Wasbord <noreply@wasbord.nl>",
        to: ["eigenaar@wasbord.nl", "bedrijfsleider@wasbord.nl"],
        subject: "Week 47: 1.234 wassingen",
      });
      const detail = await messageById(db, summary.id);
      expect(detail?.messageId).toBe(sent.messageId);
      expect(detail?.text?.trim()).toBe("Platte tekst: € 5.678,90");
      expect(detail?.html).toContain("<b>€ 5.678,90</b>");
    } finally {
      await mailer.close();
    }
  });

  it("sends through SMTP_URL with its user and password", async () => {
    const received: { user?: string; to: string[]; subject?: string }[] = [];
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === "wasbord" && auth.password === "ge:heim")
          callback(null, { user: auth.username });
        else callback(new Error("wrong password"));
      },
      onData(stream, session, callback) {
        simpleParser(stream).then((mail) => {
          received.push({
            user: session.user as string,
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject,
          });
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as { port: number };
    const config = loadConfig({
      ...issuer,
      SMTP_URL: `smtp://wasbord:ge%3Aheim@127.0.0.1:${port}?ignoreTLS=true`,
    });
    const mailer = await createMailer(config.mail, { db });
    try {
      expect(mailer.mode).toBe("smtp");
      await mailer.send({ to: ["a@example.nl"], subject: "Via SMTP_URL", text: "hallo" });
      expect(received).toEqual([{ user: "wasbord", to: ["a@example.nl"], subject: "Via SMTP_URL" }]);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("is off in production without SMTP_URL, and says so in Dutch when asked to send", async () => {
    const mailer = await createMailer(loadConfig(issuer).mail, { db });
    expect(mailer.mode).toBe("off");
    const failure = mailer.send({ to: ["a@example.nl"], subject: "x", text: "x" });
    await expect(failure).rejects.toBeInstanceOf(MailOffError);
    await expect(failure).rejects.toThrow(/SMTP_URL/);
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://, naming the variable", () => {
    expect(() => loadConfig({ ...issuer, SMTP_URL: "http://mail.example.nl" })).toThrow(/SMTP_URL/);
  });
});
