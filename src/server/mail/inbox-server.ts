import type { AddressInfo } from "node:net";
import type { AddressObject, ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Database } from "../db/database.ts";
import { logger } from "../logging/logger.ts";

/** Larger mails are refused at the door; the Monday e-mail with its charts is well under 1 MB. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface InboxServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The SMTP server inside the app (development and demo without SMTP_URL): a real SMTP server on loopback
 * that accepts every message, parses it and keeps it in `mail_messages` for Instellingen → Postvak.
 */
export async function startInboxServer(db: Database, port: number): Promise<InboxServer> {
  const server = new SMTPServer({
    // Loopback only, so no sign-in and no TLS: nothing outside this machine can reach it.
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    banner: "Wasbord postvak",
    logger: false,
    onData(stream, _session, callback) {
      // The parser (with its character sets, a third of the server's code) is loaded with the first message.
      import("mailparser")
        .then(({ simpleParser }) => simpleParser(stream))
        .then((mail) => storeMessage(db, mail))
        .then(() => callback())
        .catch((error: Error) => {
          logger.error("postvak: a received message could not be stored", { error });
          callback(error);
        });
    },
  });
  server.on("error", (error) => logger.error("postvak: SMTP server error", { error }));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function storeMessage(db: Database, mail: ParsedMail): Promise<void> {
  await db.run(
    `INSERT INTO mail_messages (received_at, "from", "to", subject, text, html, message_id, attachments)
     VALUES (now(), $1, from_json($2, '["VARCHAR"]'), $3, $4, $5, $6, from_json($7, '["VARCHAR"]'))`,
    [
      sender(mail.from),
      JSON.stringify(addresses(mail.to)),
      mail.subject ?? "",
      mail.text ?? null,
      typeof mail.html === "string" ? mail.html : null,
      mail.messageId ?? null,
      // Only the names: the postvak shows what came along, not the files themselves.
      JSON.stringify(mail.attachments.map((file) => file.filename ?? "(zonder naam)")),
    ],
  );
}

/** "Wasbord <wasbord@localhost>", without the quotes the parser puts around the name. */
function sender(from: AddressObject | undefined): string {
  const first = from?.value[0];
  if (!first) return "";
  return first.name ? `${first.name} <${first.address ?? ""}>` : (first.address ?? "");
}

function addresses(to: AddressObject | AddressObject[] | undefined): string[] {
  const list = to === undefined ? [] : Array.isArray(to) ? to : [to];
  return list.flatMap((object) => object.value.map((address) => address.address ?? "")).filter(Boolean);
}
