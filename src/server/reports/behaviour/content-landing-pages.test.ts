import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../tests/support/migrated-database.ts";
import type { DimensionFilters } from "../../../shared/reports/dimensions.ts";
import type { Database } from "../../db/database.ts";
import { LANDING_DAY_SUMS, syncWebPages } from "../../warehouse/derived/behaviour/web-pages-sync.ts";
import { syncJourney } from "../../warehouse/derived/journey/journey-sync.ts";
import { filtersFor } from "../filters.ts";
import { contentLandingPagesSql } from "./content-landing-pages.ts";

// Website › Landing Pages reads whole days from web_landing_daily and the unfinished day from the sessions
// and their events; both must give what the sessions themselves give. Now is 6 Oct 2026 12:00 in Amsterdam
// (10:00 UTC, summer). Sessions (UTC):
//   1: 5 Oct 10:00 on /a, Direct, 2 pages, 60 s; a €10 conversion and a voucher claim;
//   2: 6 Oct 08:00 on /a, Direct, a bounce (1 page, 0 s); a €5 conversion;
//   4: 6 Oct 09:00 on /b, Facebook, 3 pages, 120 s; a voucher claim;
//   3: 6 Oct 11:00 on /a (13:00 local, after now), with a €7 conversion: not counted yet.
// The claims (codes CODE1 and CODE4) are redeemed by plates never seen before, NEW1 on 5 Oct and NEW4 on 6 Oct
// 09:30: the journey credits session 1 and session 4 each with 1 redemption and 1 acquired customer.
// 5–6 Oct: sessions 3, bounces 1, 60 + 0 + 120 = 180 s, 2 + 1 + 3 = 6 pages, conversions 2 in 2 sessions,
//   1 500 cents, claims 2. /a: 2 sessions, 1 bounce, 60 s, 3 pages, 2 conversions, 1 500 cents, 1 claim.
//   Per day: 5 Oct 1 session, 1 conversion; 6 Oct 2 sessions, 1 conversion.

const NOW = new Date("2026-10-06T10:00:00Z");
let db: Database;

beforeEach(async () => {
  db = await migratedDatabase();
  const sessions = [
    [
      1,
      "2026-10-05T10:00:00Z",
      "/a",
      "Direct",
      2,
      60,
      [
        ["conversion", 1000],
        ["voucher", null],
      ],
    ],
    [2, "2026-10-06T08:00:00Z", "/a", "Direct", 1, 0, [["conversion", 500]]],
    [3, "2026-10-06T11:00:00Z", "/a", "Direct", 1, 0, [["conversion", 700]]],
    [4, "2026-10-06T09:00:00Z", "/b", "Facebook", 3, 120, [["voucher", null]]],
  ] as const;
  for (const [id, at, landing, channel, pageviews, seconds, events] of sessions) {
    await db.run(
      `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, channel,
         device, pageviews, duration_seconds, is_bounce)
       VALUES ($1, 'v', 'wasbord.nl', $2::TIMESTAMPTZ, $2::TIMESTAMPTZ, $3, $3, $4, 'mobile', $5, $6, $5 = 1)`,
      [id, at, landing, channel, pageviews, seconds],
    );
    for (const [kind, cents] of events) {
      await db.run(
        `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, revenue_cents, voucher_code)
         VALUES ($1, 'v', $2::TIMESTAMPTZ + INTERVAL 1 MINUTE, $3, $4, $5, $6)`,
        [id, at, kind, landing, cents, kind === "voucher" ? `CODE${id}` : null],
      );
    }
  }
  await db.run(
    "INSERT INTO sites (code, name, city, postcode, lat, lon) VALUES ('a', 'A', 'Utrecht', '3511AA', 52.09, 5.12)",
  );
  for (const [event, at, plate, code] of [
    ["t1", "2026-10-05T12:00:00Z", "NEW1", "CODE1"],
    ["t4", "2026-10-06T09:30:00Z", "NEW4", "CODE4"],
  ]) {
    await db.run(
      `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, sales_channel,
         subtotal_cents, total_cents, vat_cents, voucher_code)
       VALUES (1, $1, $2, $3, 'pin', 'site', 1210, 1210, 210, $4)`,
      [event, at, plate, code],
    );
  }
  await syncWebPages(db);
  await syncJourney(db);
});
afterEach(() => db.close());

interface Row {
  grain: string;
  bucket: string | null;
  landing_path: string | null;
  channel: string | null;
}

async function landing(granularity: "hour" | "day", dimensions: DimensionFilters = {}) {
  const filters = filtersFor({
    preset: "custom",
    range: { from: "2026-10-05", to: "2026-10-06" },
    compare: "none",
    shift: null,
    granularity,
    sites: [],
    now: NOW,
    dimensions,
  });
  const { text, params } = contentLandingPagesSql(filters);
  const rows = await db.query<Row & Record<string, unknown>>(text, params);
  const figures = (row: Record<string, unknown> | undefined) =>
    row && LANDING_DAY_SUMS.map((key) => Number(row[key]));
  const credits = (row: Record<string, unknown> | undefined) =>
    row && [Number(row.redemptions), Number(row.acquired)];
  return {
    credited: credits(rows.find((row) => row.grain === "total")),
    creditedPerBucket: rows
      .filter((row) => row.grain === "bucket")
      .map((row) => [String(row.bucket), ...(credits(row) ?? [])])
      .sort()
      .map(([, ...figures]) => figures),
    total: figures(rows.find((row) => row.grain === "total")),
    a: figures(rows.find((row) => row.grain === "landing" && row.landing_path === "/a")),
    buckets: rows
      .filter((row) => row.grain === "bucket")
      .map((row) => [String(row.bucket), Number(row.sessions), Number(row.conversions)])
      .sort(),
  };
}

describe("Website › Landing Pages from the daily sums", () => {
  it("reads whole days from the sums and the unfinished day up to now from the sessions and their events", async () => {
    // the daily sums hold 5 and 6 Oct (the 6th with session 3, after now); the report reads the 6th itself
    expect(
      (await db.query("SELECT strftime(day, '%m-%d') AS day FROM web_landing_daily ORDER BY ALL")).length,
    ).toBe(3);
    const days = await landing("day");
    // sessions, bounces, seconds, pages, conversions, converting sessions, cents, claims
    expect(days.total).toEqual([3, 1, 180, 6, 2, 2, 1500, 2]);
    expect(days.a).toEqual([2, 1, 60, 3, 2, 2, 1500, 1]);
    expect(days.buckets.map(([, sessions, conversions]) => [sessions, conversions])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    // From Facebook: session 4 alone.
    const facebook = await landing("day", { channel: "Facebook" });
    expect(facebook.total).toEqual([1, 0, 120, 3, 0, 0, 0, 1]);
    // The journey's credits: 5 Oct from its daily sums, the 6th from session 4 itself.
    expect(days.credited).toEqual([2, 2]);
    expect(days.creditedPerBucket).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(facebook.credited).toEqual([1, 1]);
  });

  it("reads every hour from the sessions", async () => {
    const hours = await landing("hour");
    // 5 Oct 12:00 (session 1), 6 Oct 10:00 (2) and 11:00 (4) local
    expect(hours.total).toEqual([3, 1, 180, 6, 2, 2, 1500, 2]);
    expect(hours.creditedPerBucket).toEqual([
      [1, 1],
      [0, 0],
      [1, 1],
    ]);
    expect(hours.buckets.map(([, sessions, conversions]) => [sessions, conversions])).toEqual([
      [1, 1],
      [1, 1],
      [1, 0],
    ]);
  });
});
