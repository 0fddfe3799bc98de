import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/database.ts";
import {
  amsterdam,
  event,
  membersDatabase,
  signup,
  storeEvents,
} from "../../../reports/memberships/test-members.ts";
import { syncProgrammeVisits } from "../behaviour/programme-visits-sync.ts";
import { syncMemberState } from "./member-state.ts";
import { MEMBER_WASHES_DECLARED, syncMemberWashes } from "./member-washes.ts";

// Member washes follow both sides as they arrive, in any order: a sale and its programme line, and the
// membership events that make its plate a member's. After every step they equal a rebuild from all facts.

let db: Database;
let sale = 0;
beforeEach(async () => {
  db = await membersDatabase();
});
afterEach(() => db.close());

async function saleOf(plate: string, at: string): Promise<number> {
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, sales_channel,
       subtotal_cents, total_cents, vat_cents) VALUES (2, $1, $2, $3, 'abonnement', 'site', 0, 0, 0) RETURNING id`,
    [`s${++sale}`, amsterdam(at), plate],
  );
  return id;
}
const lineOf = (id: number, at: string) =>
  db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, discount_cents, amount_cents, vat_cents) VALUES ($1, 1, 2, $2, 21, 1, 1500, 1500, 0, 0)`,
    [id, amsterdam(at)],
  );

async function synced() {
  await syncProgrammeVisits(db);
  await syncMemberState(db);
  await syncMemberWashes(db);
  const kept = await washes();
  const keptSums = [await sums(), await eventSums()];
  expect(await daily(), "the kept daily sums add up the member washes").toEqual(await dailyOfWashes());
  await db.transaction((tx) => MEMBER_WASHES_DECLARED.reset(tx));
  await syncMemberWashes(db);
  expect(await washes(), "the kept member washes equal a rebuild").toEqual(kept);
  expect([await sums(), await eventSums()], "the kept sums equal a rebuild").toEqual(keptSums);
  expect(await daily(), "the rebuilt daily sums add up the member washes").toEqual(await dailyOfWashes());
  return kept;
}
const daily = () =>
  db.query(
    "SELECT day::VARCHAR AS day, site_id, member_site_id, free, washes FROM membership_washes_daily ORDER BY ALL",
  );
const dailyOfWashes = () =>
  db.query(
    `SELECT (occurred_at AT TIME ZONE 'Europe/Amsterdam')::DATE::VARCHAR AS day, site_id, member_site_id, free,
      count(*) AS washes FROM membership_washes GROUP BY ALL ORDER BY ALL`,
  );
const iso = (at: string) => new Date(amsterdam(at)).toISOString();
const sums = () =>
  db.query<{
    sums_at: string;
    member_id: string;
    washes: number;
    last_wash_at: string;
    median_gap: number | null;
  }>(
    `SELECT sums_at, member_id, washes, washes_90, washes_30, last_wash_at, median_gap,
      list_transform(wash_times, t -> epoch_ms(t)::DOUBLE) AS wash_times
    FROM membership_wash_sums, membership_washes_sync ORDER BY ALL`,
  );
const eventSums = () =>
  db.query(`SELECT member_id, declined_at, charged_at, declines_90, paused_before,
      list_transform(event_times, t -> epoch_ms(t)::DOUBLE) AS event_times, event_types
    FROM membership_event_sums ORDER BY ALL`);
const washes = () =>
  db.query<{ transaction_id: number; member_id: string; member_site_id: number | null; site_id: number }>(
    "SELECT transaction_id, member_id, member_site_id, site_id FROM membership_washes ORDER BY ALL",
  );

describe("member washes", () => {
  it("follow a signup that arrives after the wash, a line after its sale, and a cancel that arrives late", async () => {
    const first = await saleOf("AB12CD", "2026-01-05 10:00");
    await lineOf(first, "2026-01-05 10:00");
    expect(await synced()).toEqual([]);
    await storeEvents(db, [signup("1", "2026-01-01 09:00", { plates: ["AB-12-CD"] })]);
    expect(await synced()).toEqual([
      { transaction_id: first, member_id: "1", member_site_id: 1, site_id: 2 },
    ]);
    // the sale first, its programme line in a later batch
    const second = await saleOf("AB12CD", "2026-01-08 10:00");
    expect(await synced()).toHaveLength(1);
    await lineOf(second, "2026-01-08 10:00");
    expect((await synced()).map((row) => row.transaction_id)).toEqual([first, second]);
    // the sums are for the hour the newest wash began in: two washes three days apart
    expect(await sums()).toEqual([
      {
        sums_at: iso("2026-01-08 10:00"),
        member_id: "1",
        washes: 2,
        washes_90: 2,
        washes_30: 2,
        last_wash_at: iso("2026-01-08 10:00"),
        median_gap: 3,
        wash_times: [Date.parse(amsterdam("2026-01-05 10:00")), Date.parse(amsterdam("2026-01-08 10:00"))],
      },
    ]);
    // a cancel on 6 January arrives, after a decline on the 2nd: the second wash was no longer a member's
    await storeEvents(db, [
      event("1", "decline", "2026-01-02 03:00"),
      event("1", "cancel", "2026-01-06 09:00", { initiatedBy: "member" }),
    ]);
    expect((await synced()).map((row) => row.transaction_id)).toEqual([first]);
    // the events up to the sums' instant (5 January, 10:00) that count: the decline, not the signup or the cancel
    expect(await eventSums()).toEqual([
      {
        member_id: "1",
        declined_at: iso("2026-01-02 03:00"),
        charged_at: null,
        declines_90: 1,
        paused_before: false,
        event_times: [Date.parse(amsterdam("2026-01-02 03:00"))],
        event_types: ["decline"],
      },
    ]);
    expect(await sums()).toMatchObject([{ sums_at: iso("2026-01-05 10:00"), washes: 1, median_gap: null }]);
  });
});
