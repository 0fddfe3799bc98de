import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database.ts";

// The opt-out links in Wasbord's mail work without signing in, so they carry their own proof: the
// recipient's id and an HMAC of it with a key only the server has (made once, kept in the database), bound
// to a purpose, so that a Monday e-mail link cannot turn off a report subscription or the other way round.
// Nobody can turn off someone else's mail by changing the id.

async function key(db: Queryable): Promise<Buffer> {
  await db.run("INSERT INTO weekly_mail_key SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM weekly_mail_key)", [
    randomBytes(32).toString("hex"),
  ]);
  const [row] = await db.query<{ secret: string }>(
    "SELECT secret FROM weekly_mail_key ORDER BY rowid LIMIT 1",
  );
  return Buffer.from(row.secret, "hex");
}

const signature = (secret: Buffer, purpose: string, id: number) =>
  createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url");

export async function optOutToken(db: Queryable, purpose: string, recipientId: number): Promise<string> {
  return `${recipientId}.${signature(await key(db), purpose, recipientId)}`;
}

/** The recipient id a token was made for with `purpose`, or null when it is not one of ours. */
export async function verifyOptOutToken(
  db: Queryable,
  purpose: string,
  token: string,
): Promise<number | null> {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(await key(db), purpose, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
