import { migratedDatabase } from "../../../../tests/support/migrated-database.ts";
import { type MembershipEvent, membershipEventSchema } from "../../../shared/membership-events.ts";
import type { Database } from "../../db/database.ts";
import { storeMembershipEvents } from "../../ingest/memberships.ts";
import { filtersFor, type ReportFilters } from "../filters.ts";

// For the memberships' tests: a migrated in-memory database with sites a (1) and b (2), the plans basis
// (€ 24,20 incl. 21 % VAT: € 20,00 excl.) and premium (€ 36,30: € 30,00 excl.), and membership events stored
// as the API stores them.

export async function membersDatabase(): Promise<Database> {
  const db = await migratedDatabase();
  await db.run(
    `INSERT INTO sites (id, code, name, city, postcode, lat, lon) VALUES
      (1, 'a', 'A', 'Utrecht', '3511AA', 52.09, 5.12), (2, 'b', 'B', 'Zeist', '3701AA', 52.09, 5.23)`,
  );
  await db.run(`INSERT INTO items (id, code, name, kind, price_cents, sort_order) VALUES
    (11, 'basis', 'Basis onbeperkt', 'abonnement', 2420, 1), (12, 'premium', 'Premium onbeperkt', 'abonnement', 3630, 2),
    (21, 'glans', 'Glans', 'programma', 1500, 3)`);
  return db;
}

let sequence = 0;

/** One membership event as the till sends it; `eventId` is made up unless given. */
export type TestEvent = Omit<MembershipEvent, "eventId" | "site"> & {
  eventId?: string;
  site?: string | null;
};

/** Stores events through the ingestion's own path (validated by the public schema first). */
export async function storeEvents(db: Database, events: TestEvent[]): Promise<void> {
  const rows = events.map((event, row) => ({
    row,
    value: membershipEventSchema.parse({ eventId: `ev${++sequence}`, ...event }),
  }));
  await storeMembershipEvents(db, rows, null);
}

/** A signup of `memberId` at `at` (Amsterdam wall-clock `YYYY-MM-DD HH:MM`, winter time: +01:00). */
export const signup = (memberId: string, at: string, extra: Partial<TestEvent> = {}): TestEvent => ({
  memberId,
  type: "signup",
  at: amsterdam(at),
  site: "a",
  plan: "basis",
  plates: [`P${memberId}`],
  channel: "site",
  ...extra,
});

export const event = (
  memberId: string,
  type: TestEvent["type"],
  at: string,
  extra: Partial<TestEvent> = {},
) => ({ memberId, type, at: amsterdam(at), ...extra }) as TestEvent;

/**
 * An instant in Amsterdam given as `YYYY-MM-DD HH:MM`: +01:00 from November to February, +02:00 from April
 * to September; March and October change over, so a test gives those instants with their offset itself.
 */
export function amsterdam(at: string): string {
  if (at.includes("T")) return at;
  const [date, time = "12:00"] = at.split(" ");
  const month = Number(date.slice(5, 7));
  if (month === 3 || month === 10)
    throw new Error(`give ${at} with its offset: the clocks change that month`);
  return `${date}T${time}:00${month > 3 && month < 10 ? "+02:00" : "+01:00"}`;
}

let sale = 0;

/** A sale of the wash programme glans (21) to `plate` at `site`; free: a voucher paid all of it. */
export async function wash(db: Database, site: number, at: string, plate: string, free = false) {
  const total = free ? 0 : 1500;
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, sales_channel,
       subtotal_cents, total_cents, vat_cents) VALUES ($1, $2, $3, $4, $5, 'site', $6, $6, 0) RETURNING id`,
    [site, `w${++sale}`, amsterdam(at), plate, free ? "voucher" : "pin", total],
  );
  await db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, discount_cents, amount_cents, vat_cents) VALUES ($1, 1, $2, $3, 21, 1, 1500, $4, $5, 0)`,
    [id, site, amsterdam(at), 1500 - total, total],
  );
}

/** The filters of a custom period `from`–`to` by day, without comparison, at `now`, for `sites` (none: all). */
export const periodFilters = (
  from: string,
  to: string,
  now: Date,
  sites: ReportFilters["sites"] = [],
): ReportFilters =>
  filtersFor({
    preset: "custom",
    range: { from, to },
    compare: "none",
    shift: null,
    granularity: "day",
    sites,
    now,
  });
