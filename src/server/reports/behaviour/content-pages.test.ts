import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../tests/support/migrated-database.ts";
import type { DimensionFilters } from "../../../shared/reports/dimensions.ts";
import type { Database } from "../../db/database.ts";
import { syncWebPages } from "../../warehouse/derived/behaviour/web-pages-sync.ts";
import { filtersFor } from "../filters.ts";
import { contentPagesSql } from "./content-pages.ts";

// Website › All Pages reads whole days from web_page_daily and the unfinished day from web_page_sessions;
// both must give what the sessions themselves give. Now is 6 Oct 2026 12:00 in Amsterdam (10:00 UTC, summer).
// Sessions (visitor, channel Direct, UTC):
//   1: visitor a, 5 Oct 10:00, /a engaged 20 s, then /b (its last page, no time);
//   2: visitor b, 6 Oct 08:00 (10:00 local, before now), /a engaged 40 s;
//   3: visitor c, 6 Oct 11:00 (13:00 local, after now): not counted yet.
// 5–6 Oct: pageviews 2 + 1 = 3, visitors a and b = 2, entries 2; per day 5 Oct 2, 6 Oct 1;
//   /a: pageviews 2, 20 + 40 = 60 s over 2 timed visitors, 2 sessions; /b: 1 pageview, no time.
// 6 Oct by hour: the 10:00 bucket holds session 2: 1 pageview, 1 visitor.

const NOW = new Date("2026-10-06T10:00:00Z");
let db: Database;

beforeEach(async () => {
  db = await migratedDatabase();
  const sessions = [
    [
      1,
      "a",
      "2026-10-05T10:00:00Z",
      [
        ["/a", 0, 20],
        ["/b", 60, null],
      ],
    ],
    [2, "b", "2026-10-06T08:00:00Z", [["/a", 0, 40]]],
    [3, "c", "2026-10-06T11:00:00Z", [["/a", 0, 10]]],
  ] as const;
  for (const [id, visitor, at, views] of sessions) {
    await db.run(
      `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, pageviews,
         channel, device)
       VALUES ($1, $2, 'wasbord.nl', $3::TIMESTAMPTZ, $3::TIMESTAMPTZ, '/a', '/a', $4, 'Direct', 'mobile')`,
      [id, visitor, at, views.length],
    );
    for (const [path, seconds, engaged] of views) {
      await db.run(
        `INSERT INTO pageviews (session_id, visitor_id, viewed_at, path, engaged_seconds)
         VALUES ($1, $2, $3::TIMESTAMPTZ + to_seconds($4), $5, $6)`,
        [id, visitor, at, seconds, path, engaged],
      );
    }
  }
  await syncWebPages(db);
});
afterEach(() => db.close());

interface Row {
  grain: string;
  bucket: string | null;
  path: string | null;
  pageviews: number;
  visitors: number;
  visits: number;
  page_seconds: number | null;
  timed_visitors: number;
  entries: number | null;
}

async function pages(
  from: string,
  to: string,
  granularity: "hour" | "day",
  dimensions: DimensionFilters = {},
) {
  const filters = filtersFor({
    preset: "custom",
    range: { from, to },
    compare: "none",
    shift: null,
    granularity,
    sites: [],
    now: NOW,
    dimensions,
  });
  const { text, params } = contentPagesSql(filters);
  const rows = (await db.query<Row>(text, params)).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, typeof value === "bigint" ? Number(value) : value]),
    ),
  ) as unknown as Row[];
  const figures = (row: Row | undefined) =>
    row && [row.pageviews, row.visitors, row.visits, row.page_seconds, row.timed_visitors];
  return {
    total: figures(rows.find((row) => row.grain === "total")),
    entries: rows.find((row) => row.grain === "total")?.entries,
    buckets: rows
      .filter((row) => row.grain === "bucket")
      .map((row) => [String(row.bucket), row.pageviews, row.visitors])
      .sort(),
    a: figures(rows.find((row) => row.grain === "path" && row.path === "/a")),
  };
}

describe("Website › All Pages from the daily sums", () => {
  it("reads whole days from the sums and the unfinished day up to now from the sessions", async () => {
    const days = await pages("2026-10-05", "2026-10-06", "day");
    // pageviews, visitors, visits, seconds, timed visitors
    expect(days.total).toEqual([3, 2, 2, 60, 2]);
    expect(days.entries).toBe(2);
    expect(days.a).toEqual([2, 2, 2, 60, 2]);
    expect(days.buckets.map(([, pageviews, visitors]) => [pageviews, visitors])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    // Narrowed to /a: every row stands for its session.
    const a = await pages("2026-10-05", "2026-10-06", "day", { page: "/a" });
    expect(a.total).toEqual([2, 2, 2, 60, 2]);
  });

  it("reads every hour of a day from the sessions", async () => {
    const hours = await pages("2026-10-06", "2026-10-06", "hour");
    expect(hours.total).toEqual([1, 1, 1, 40, 1]);
    expect(hours.buckets.map(([, pageviews, visitors]) => [pageviews, visitors])).toEqual([[1, 1]]);
  });
});
