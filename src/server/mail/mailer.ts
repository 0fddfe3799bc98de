import type { createTransport, Transporter } from "nodemailer";
import type { MailConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { logger } from "../logging/logger.ts";
import { startInboxServer } from "./inbox-server.ts";

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files sent along, e.g. images the HTML shows with `cid:`. */
  attachments?: { filename: string; content: string | Buffer; contentType: string; cid?: string }[];
}

export interface Mailer {
  /** smtp: through SMTP_URL; inbox: to the SMTP server inside the app (Postvak); off: sending fails. */
  readonly mode: MailConfig["transport"]["kind"];
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** What a screen or API answer says when mail is off: production without SMTP_URL. */
export const MAIL_OFF_MESSAGE =
  "E-mail staat uit: deze server heeft geen SMTP_URL ingesteld. Vraag de beheerder van de server om die in te stellen; tot dan wordt er niets verstuurd.";

/** Sending while mail is off: 409 with the Dutch explanation, so a screen can show it as it is. */
export class MailOffError extends ApiError {
  constructor() {
    super(409, "mail_off", MAIL_OFF_MESSAGE);
  }
}

/**
 * The one way the server sends mail (nodemailer). Without SMTP_URL outside production it first starts the
 * SMTP server inside the app on loopback and sends to it, so mail works without configuring anything.
 */
export async function createMailer(config: MailConfig, deps: { db: Database }): Promise<Mailer> {
  const { transport } = config;
  if (transport.kind === "off") return mailOff();
  if (transport.kind === "smtp") return nodemailerMailer("smtp", config.from, transport.url);
  const inbox = await startInboxServer(deps.db, transport.port);
  logger.info(`Postvak: e-mail gaat naar de SMTP-server in de app op 127.0.0.1:${inbox.port}`);
  const mailer = nodemailerMailer(
    "inbox",
    config.from,
    // The server inside the app speaks plain SMTP on loopback only: no TLS, no sign-in.
    { host: "127.0.0.1", port: inbox.port, secure: false, ignoreTLS: true },
  );
  return {
    ...mailer,
    close: async () => {
      await mailer.close();
      await inbox.close();
    },
  };
}

/** A mailer that sends nothing: production without SMTP_URL, and in-process tests that send no mail. */
export function mailOff(): Mailer {
  return {
    mode: "off",
    send: () => Promise.reject(new MailOffError()),
    close: async () => {},
  };
}

function nodemailerMailer(
  mode: "smtp" | "inbox",
  from: string,
  options: Parameters<typeof createTransport>[0],
): Mailer {
  // nodemailer is loaded with the first mail: a start that sends none does not parse it.
  let transporter: Promise<Transporter> | null = null;
  const transport = () =>
    (transporter ??= import("nodemailer").then(({ createTransport }) => createTransport(options)));
  return {
    mode,
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
    close: async () => (await transporter)?.close(),
  };
}
