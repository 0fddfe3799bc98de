import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database.ts";

// The opt-out link of the Monday e-mail works without signing in, so it carries its own proof: the
// recipient's id and an HMAC of it with a key only the server has (made once, kept in the database).
// Nobody can turn off someone else's mail by changing the id.

const PURPOSE = "weekly-mail-unsubscribe";

async function key(db: Queryable): Promise<Buffer> {
  await db.run("INSERT INTO weekly_mail_key SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM weekly_mail_key)", [
    randomBytes(32).toString("hex"),
  ]);
  const [row] = await db.query<{ secret: string }>(
    "SELECT secret FROM weekly_mail_key ORDER BY rowid LIMIT 1",
  );
  return Buffer.from(row.secret, "hex");
}

const signature = (secret: Buffer, id: number) =>
  createHmac("sha256", secret).update(`${PURPOSE}:${id}`).digest("base64url");

export async function unsubscribeToken(db: Queryable, recipientId: number): Promise<string> {
  return `${recipientId}.${signature(await key(db), recipientId)}`;
}

/** The recipient id a token was made for, or null when it is not one of ours. */
export async function verifyUnsubscribeToken(db: Queryable, token: string): Promise<number | null> {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(await key(db), id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
