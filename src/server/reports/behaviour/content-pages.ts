import type { Queryable } from "../../db/database.ts";
import {
  landingSessionTerms,
  pageDayRows,
  syncWebPages,
} from "../../warehouse/derived/behaviour/web-pages-sync.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { sessionFilter, TOP_PAGES } from "./web-pages.ts";

// Website › All Pages: per path how often it was seen, by whom, how long, how often it started or ended a
// visit, and which voucher claims and conversions followed a view of it. Website data has no site: the site
// filter does not apply.

const GRAINS = ["total", "bucket", "path", "source"] as const;

interface PageRow extends Windowed {
  grain: (typeof GRAINS)[number];
  bucket: string;
  path: string;
  channel: string;
  pageviews: number;
  visitors: number;
  visits: number;
  page_seconds: number;
  timed_visitors: number;
  exits: number;
  entries: number;
  bounces: number;
  claims: number;
  conversions: number;
}

// Read from web_page_sessions (one row per session and path, web-pages-sync.ts): a session's pages count in
// the period (and bucket) the session started in.
// pageviews: pages shown; visitors: distinct visitor ids (a visitor-day, ids rotate daily), counted as the
//   rows flagged first of their visitor that day (per path, channel, both or in all: web-pages-sync.ts);
//   per hour a visitor can fall in several buckets, so hour buckets count distinct ids. visits: distinct
//   sessions that showed the page (per path a row is one session; over several paths the session's first
//   path stands for it, or every row when the report is narrowed to one page).
// page_seconds / timed_visitors: time on page = Σ seconds on the path ÷ the visitors whose time there is
//   known (engaged time, else the time to the next pageview; capped).
// exits: pageviews that were the last of their session, so exits ≤ pageviews and the exit rate
//   (exits ÷ pageviews) can never pass 100 %.
// entries / bounces: sessions that started in the period on the path, and those of them that bounced (one
//   pageview, no interactive event). A bounce counts only for the page the session entered on.
// claims / conversions: voucher and conversion events in a session at or after its first view of the path;
//   one event can follow views of several pages, over several paths it counts once (the session's first
//   path's count: every event after the session's first view).
export function contentPagesSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const sessions = sessionFilter(sql, { page: false });
  const page = filters.dimensions.page;
  if (page) sql.params.page = page;
  const rows = [sessions, page ? "path = $page" : undefined].filter(Boolean).join(" AND ");
  const entered = [sessions, page ? "landing_path = $page" : undefined].filter(Boolean).join(" AND ");
  // Over several paths a session (and a visitor) is counted once; narrowed to one page, per its rows.
  const scope = page ? "_path" : "";
  const hourly = filters.granularity === "hour";
  const text = `WITH entered AS (
  SELECT win,
    CASE WHEN GROUPING(landing_path) = 0 THEN 'path' WHEN GROUPING(channel) = 0 THEN 'source' ELSE 'total' END AS grain,
    landing_path AS path, channel, sum(sessions) AS entries, sum(bounces) AS bounces
  -- whole days from the sessions' daily sums, the unfinished last day (or every hour) from the sessions
  FROM (${sql.daily("web_landing_daily", `(SELECT ${landingSessionTerms} FROM web_sessions)`, "started_at")})${entered ? `\n  WHERE ${entered}` : ""}
  GROUP BY GROUPING SETS ((win), (win, landing_path), (win, channel))
), pages AS (
  -- whole days from the daily sums (web-pages-sync.ts), the unfinished last day (or every hour) from the
  -- sessions' rows, as the same terms
  SELECT *, ${sql.bucket(`coalesce(day::TIMESTAMP, ${sql.local("started_at")})`)} AS bucket
  FROM (${sql.daily("web_page_daily", `(SELECT started_at, visitor_id, ${pageDayRows} FROM web_page_sessions)`, "started_at")})${rows ? `\n  WHERE ${rows}` : ""}
), cells AS (
  -- One pass over the rows; every figure below is a sum of these cells. Narrowed to one page every row
  -- stands for its session; otherwise the session's first path does.
  SELECT win, bucket, path, channel,
    sum(pageviews) AS pageviews, sum(sessions) AS sessions, sum(${page ? "sessions" : "first_sessions"}) AS whole_sessions,
    sum(page_seconds) AS page_seconds, sum(exits) AS exits,
    sum(claims) AS claims, sum(${page ? "claims" : "first_claims"}) AS whole_claims,
    sum(conversions) AS conversions, sum(${page ? "conversions" : "first_conversions"}) AS whole_conversions,
    sum(visitors) AS v, sum(visitors_path) AS v_path,
    sum(visitors_channel) AS v_channel, sum(visitors_path_channel) AS v_path_channel,
    sum(timed_visitors_path) AS t_path,
    sum(timed_visitors_path_channel) AS t_path_channel
  FROM pages GROUP BY ALL
), grouped AS (
  SELECT win,
    CASE WHEN GROUPING(path) = 0 THEN 'path' WHEN GROUPING(channel) = 0 THEN 'source'
      WHEN GROUPING(bucket) = 0 THEN 'bucket' ELSE 'total' END AS grain,
    bucket, path, channel,
    sum(pageviews) AS pageviews,
    CASE WHEN GROUPING(path) = 0 THEN sum(v_path) WHEN GROUPING(channel) = 0 THEN sum(v${scope}_channel)
      ELSE sum(v${scope}) END AS visitors,
    CASE WHEN GROUPING(path) = 0 THEN sum(sessions) ELSE sum(whole_sessions) END AS visits,
    sum(page_seconds) AS page_seconds,
    -- per page its visitors; over several pages each page's visitors (a visitor of two pages counts twice)
    CASE WHEN GROUPING(channel) = 0 THEN sum(t_path_channel) ELSE sum(t_path) END AS timed_visitors,
    sum(exits) AS exits,
    CASE WHEN GROUPING(path) = 0 THEN sum(claims) ELSE sum(whole_claims) END AS claims,
    CASE WHEN GROUPING(path) = 0 THEN sum(conversions) ELSE sum(whole_conversions) END AS conversions
  FROM cells
  GROUP BY GROUPING SETS ((win), (win, bucket), (win, path), (win, channel))
)${
    hourly
      ? `, hours AS (
  -- a visitor's sessions of one day can start in several hours: per hour, distinct ids
  SELECT win, bucket, count(DISTINCT visitor_id) AS visitors FROM pages GROUP BY ALL
)`
      : ""
  }
SELECT g.*${hourly ? " REPLACE (coalesce(h.visitors, g.visitors) AS visitors)" : ""}, e.entries, e.bounces
FROM grouped g
LEFT JOIN entered e ON e.win = g.win AND e.grain = g.grain AND e.path IS NOT DISTINCT FROM g.path
  AND e.channel IS NOT DISTINCT FROM g.channel${
    hourly ? "\nLEFT JOIN hours h ON g.grain = 'bucket' AND h.win = g.win AND h.bucket = g.bucket" : ""
  }`;
  return { text, params: sql.params };
}

const pageviews = metric<PageRow>("pageviews", (row) => sum(row?.pageviews));
const visitors = metric<PageRow>("visitors", (row) => sum(row?.visitors));
const visits = metric<PageRow>("page_sessions", (row) => sum(row?.visits));
const timeOnPage = metric<PageRow>("time_on_page", (row) => ratio(row?.page_seconds, row?.timed_visitors));
const entries = metric<PageRow>("entries", (row) => sum(row?.entries));
const exits = metric<PageRow>("exits", (row) => sum(row?.exits));
const exitRate = metric<PageRow>("exit_rate", (row) => ratio(sum(row?.exits), row?.pageviews));
const bounceRate = metric<PageRow>("bounce_rate", (row) => ratio(sum(row?.bounces), row?.entries));
const claims = metric<PageRow>("claims_after", (row) => sum(row?.claims));
const conversions = metric<PageRow>("conversions_after", (row) => sum(row?.conversions));

const PAGE_METRICS = [
  pageviews,
  visitors,
  visits,
  timeOnPage,
  entries,
  exits,
  exitRate,
  bounceRate,
  claims,
  conversions,
];

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = contentPagesSql(filters);
  const rows = byGrain(await db.query<PageRow>(text, params), GRAINS);
  const totals = totalsOf(rows.total);
  return envelope("content-pages", filters, {
    kpis: kpis(filters, [pageviews, visitors, timeOnPage, exitRate, bounceRate], totals),
    series: timeSeries(filters, rows.bucket, [pageviews, visitors]),
    tables: [
      breakdownTable(
        filters,
        {
          key: "pages",
          label: "Pagina's",
          dimensions: [
            {
              key: "path",
              label: "Pagina",
              value: (row) => row.path,
              link: { report: "content-pages", filters: { page: "path" } },
            },
          ],
          metrics: PAGE_METRICS,
          changes: ["pageviews"],
          top: TOP_PAGES,
        },
        rows.path,
        (row) => row.path,
        totals,
      ),
      breakdownTable(
        filters,
        {
          key: "sources",
          label: filters.dimensions.page
            ? `Verkeersbronnen van ${filters.dimensions.page}`
            : "Verkeersbronnen",
          dimensions: [{ key: "channel", label: "Kanaal", value: (row) => row.channel }],
          metrics: PAGE_METRICS,
          changes: ["pageviews"],
        },
        rows.source,
        (row) => row.channel,
        totals,
      ),
    ],
  });
}

export const contentPages = defineReport({
  id: "content-pages",
  syncs: [syncWebPages],
  sql: { "content-pages": contentPagesSql },
  run,
});
