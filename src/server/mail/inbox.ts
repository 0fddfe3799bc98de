import type { MailMessageDetail, MailMessageSummary } from "../../shared/admin/mail.ts";
import type { Database } from "../db/database.ts";

const SUMMARY = `id, received_at AS "receivedAt", "from", "to", subject`;

/** The newest `limit` messages the SMTP server inside the app received, newest first. */
export function latestMessages(db: Database, limit: number): Promise<MailMessageSummary[]> {
  return db.query<MailMessageSummary>(
    `SELECT ${SUMMARY} FROM mail_messages ORDER BY received_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}

export async function messageById(db: Database, id: number): Promise<MailMessageDetail | null> {
  const [message] = await db.query<MailMessageDetail>(
    `SELECT ${SUMMARY}, text, html, message_id AS "messageId", coalesce(attachments, []) AS attachments
     FROM mail_messages WHERE id = $1`,
    [id],
  );
  return message ?? null;
}
