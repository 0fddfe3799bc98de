import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/database.ts";

// A pseudonym is a keyed hash of the normalised plate: HMAC-SHA256 with a server secret, `#` and the first
// 16 hex characters (64 bits: two plates of a million share one with a chance of about 1 in 30 million).
// The same plate always gets the same pseudonym, so a customer's visits stay one customer; without the key
// nobody can work out which plate it was (the plates of the Netherlands are few enough to try them all, so
// the key is what protects them: keep PLATE_PSEUDONYM_KEY outside the database where you can).
//
// Computed in SQL, so that millions of reads are rewritten in one statement: HMAC(K, m) =
// SHA256((K ⊕ opad) ‖ SHA256((K ⊕ ipad) ‖ m)), with the padded key's two halves bound as parameters.

const BLOCK = 64;

export interface PseudonymKey {
  /** The key padded to the block size, XOR 0x36 and 0x5c, as hex: bound as $pseudonym_ipad / $pseudonym_opad. */
  params: { pseudonym_ipad: string; pseudonym_opad: string };
}

export function pseudonymKey(secretHex: string): PseudonymKey {
  const key = Buffer.alloc(BLOCK);
  Buffer.from(secretHex, "hex").copy(key);
  const padded = (byte: number) => Buffer.from(key.map((b) => b ^ byte)).toString("hex");
  return { params: { pseudonym_ipad: padded(0x36), pseudonym_opad: padded(0x5c) } };
}

/** SQL for the pseudonym of a VARCHAR expression; needs the key's params bound. */
export const pseudonymSql = (expression: string) =>
  `'#' || left(sha256(unhex($pseudonym_opad) || unhex(sha256(unhex($pseudonym_ipad) || encode(${expression})))), 16)`;

/** The configured key, or the one kept in the database (made on first use). */
export async function loadPseudonymKey(db: Queryable, configured: string | null): Promise<PseudonymKey> {
  if (configured) return pseudonymKey(configured);
  await db.run("INSERT INTO privacy_key SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM privacy_key)", [
    randomBytes(32).toString("hex"),
  ]);
  const [row] = await db.query<{ secret: string }>("SELECT secret FROM privacy_key ORDER BY rowid LIMIT 1");
  return pseudonymKey(row.secret);
}

/** The pseudonym of one plate, for audit entries that must not keep the plate itself. */
export async function pseudonymOf(db: Queryable, key: PseudonymKey, plate: string): Promise<string> {
  const [row] = await db.query<{ pseudonym: string }>(`SELECT ${pseudonymSql("$plate")} AS pseudonym`, {
    plate,
    ...key.params,
  });
  return row.pseudonym;
}
