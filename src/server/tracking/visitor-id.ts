import { createHash, randomBytes } from "node:crypto";
import { amsterdamDate } from "../../shared/time-zone.ts";
import type { Database } from "../db/database.ts";
import { SESSION_TIMEOUT_MS, type VisitorIds } from "./sessions.ts";

// A visitor is recognised without cookies and without keeping an IP address: the id is a hash of a secret
// salt, the website, the IP address and the user agent. The salt changes every local day and old salts are
// deleted, so an id cannot be traced back to an address afterwards, and the same person is a new visitor
// the next day (the price of counting without cookies, as Plausible and Fathom do).

export interface Salts {
  today: string;
  yesterday: string | null;
}

const HOUR_MS = 3_600_000;
let dayOfHour = { hour: Number.NaN, day: "" };

/**
 * The Europe/Amsterdam date of an instant, "YYYY-MM-DD". Every event asks up to three times and Intl takes
 * microseconds, so the last answer is kept for its UTC hour: Amsterdam is whole hours off UTC and changes to
 * and from summer time on the hour, so its date cannot change within one.
 */
export const localDay = (ms: number): string => {
  const hour = Math.floor(ms / HOUR_MS);
  if (dayOfHour.hour !== hour) dayOfHour = { hour, day: amsterdamDate(new Date(ms)) };
  return dayOfHour.day;
};

const previousDay = (day: string): string => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

export function visitorHash(salt: string, site: string, ip: string, userAgent: string): string {
  // Separators keep ("ab", "c") and ("a", "bc") apart.
  return createHash("sha256")
    .update([salt, site.toLowerCase(), ip, userAgent].join("\n"))
    .digest("hex")
    .slice(0, 32);
}

export function visitorIds(salts: Salts, site: string, ip: string, userAgent: string): VisitorIds {
  return {
    current: visitorHash(salts.today, site, ip, userAgent),
    previous: salts.yesterday === null ? null : visitorHash(salts.yesterday, site, ip, userAgent),
  };
}

/**
 * The salts of a day, kept in the database so that a restart does not turn every visitor of the day into
 * a new one. A salt is kept only while it is needed: yesterday's continues the sessions that were open at
 * midnight, so it goes once those have ended (SESSION_TIMEOUT_MS after midnight); older ones go at once.
 * The first call of a day creates that day's salt, and each call after such a change deletes what expired;
 * the tracking router also calls it every minute, so salts expire on time without any traffic.
 */
export function saltsFromDatabase(db: Database): (at: number) => Promise<Salts> {
  let cached: { key: string; salts: Promise<Salts> } | null = null;
  return (at) => {
    const day = localDay(at);
    // Within the session timeout after midnight, a session of yesterday may still continue.
    const carry = localDay(at - SESSION_TIMEOUT_MS) !== day;
    const key = `${day}/${carry}`;
    if (cached?.key !== key) {
      const salts = rotate(db, day, carry);
      cached = { key, salts };
      // A failed rotation (database trouble) is retried by the next event instead of being cached.
      salts.catch(() => {
        if (cached?.salts === salts) cached = null;
      });
    }
    return cached.salts;
  };
}

async function rotate(db: Database, day: string, carry: boolean): Promise<Salts> {
  const yesterday = previousDay(day);
  const rows = await db.transaction(async (tx) => {
    await tx.run("INSERT INTO tracking_salts (day, salt) VALUES ($1::DATE, $2) ON CONFLICT DO NOTHING", [
      day,
      randomBytes(32).toString("hex"),
    ]);
    await tx.run("DELETE FROM tracking_salts WHERE day < $1::DATE", [carry ? yesterday : day]);
    return tx.query<{ day: string; salt: string }>("SELECT day, salt FROM tracking_salts");
  });
  const saltOf = (wanted: string) => rows.find((row) => row.day === wanted)?.salt ?? null;
  const today = saltOf(day);
  if (today === null) throw new Error(`tracking salt for ${day} was not stored`);
  return { today, yesterday: carry ? saltOf(yesterday) : null };
}
