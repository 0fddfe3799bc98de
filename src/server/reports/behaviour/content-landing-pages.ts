import type { Queryable } from "../../db/database.ts";
import {
  LANDING_DAY_SUMS,
  landingEventTermsSql,
  landingSessionTerms,
  landingSums,
  syncWebPages,
} from "../../warehouse/derived/behaviour/web-pages-sync.ts";
import { syncJourney } from "../../warehouse/derived/journey/journey-sync.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { sessionFilter, TOP_PAGES } from "./web-pages.ts";

// Website › Landing Pages: per page a visit started on (and per channel), how those visits went: bounces,
// duration, depth, conversions, revenue, voucher claims, their redemptions and the customers they acquired.
// Website data has no site: the site filter does not apply.

const GRAINS = ["total", "bucket", "landing", "channel", "landing_channel"] as const;

interface LandingRow extends Windowed {
  grain: (typeof GRAINS)[number];
  bucket: string;
  landing_path: string;
  channel: string;
  sessions: number;
  bounces: number;
  duration_seconds: number;
  pageviews: number;
  conversions: number;
  converting_sessions: number;
  revenue_cents: number;
  claims: number;
  redemptions: number;
  acquired: number;
}

// sessions: visits that started in the period on the page; bounces: of those, one pageview and no
//   interactive event. duration_seconds: Σ visit duration, a bounce counting as 0 s (visit duration =
//   Σ ÷ sessions). pageviews: Σ pages of those visits (pages per session = Σ ÷ sessions).
// conversions / revenue_cents: Wasbord conversion events of those visits and their revenue (incl. VAT, as
//   the website reports it); converting_sessions: visits with at least one (conversion rate = ÷ sessions).
// claims: voucher codes claimed in those visits; redemptions: sales at a till with a code whose last claim
//   (at most 30 days before, REPORT-DEFINITIONS §1) was in one of those visits; acquired: plates acquired
//   through those visits (§2: first visit ever redeemed such a code, or an online sale linked to their
//   conversion). Both from the customer journey (journey-sync.ts), as Acquisitie counts them.
const FIGURES = [...LANDING_DAY_SUMS, "redemptions", "acquired"] as const;
const KEYS = ["win", "bucket", "landing_path", "channel"];

/** Per redemption and acquired plate credited to a session, the session's start, landing page and channel. */
const CREDITED_SESSIONS = `SELECT s.started_at, s.landing_path, s.channel, c.redemptions, c.acquired
  FROM (
    SELECT claim_session_id AS session_id, 1 AS redemptions, 0 AS acquired FROM journey_redemptions
    WHERE claim_session_id IS NOT NULL
    UNION ALL SELECT session_id, 0, 1 FROM journey_customers
  ) c JOIN web_sessions s ON s.id = c.session_id`;

export function contentLandingPagesSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const filter = sessionFilter(sql);
  const journey =
    "coalesce(sum(redemptions), 0)::BIGINT AS redemptions, coalesce(sum(acquired), 0)::BIGINT AS acquired";
  // A window's sessions of its unfinished day (or every hour: sql.daily's rest), each window on its own (a
  // year apart, their ids lie far apart) and straight from web_sessions (so that the planner knows they are few)
  const unfinishedDay = (win: string) => `(SELECT '${win}' AS win, id AS session_id, landing_path, channel,
      ${sql.bucket(sql.local("started_at"))} AS bucket
    FROM web_sessions WHERE started_at >= $${win}_rest_start::TIMESTAMPTZ AND started_at < $${win}_end::TIMESTAMPTZ${filter ? ` AND ${filter}` : ""})`;
  const text = `WITH landed AS (
  -- Whole days from the daily sums (web-pages-sync.ts), the unfinished last day (or every hour) from the
  -- sessions, as the same terms
  SELECT *, ${sql.bucket(`coalesce(day::TIMESTAMP, ${sql.local("started_at")})`)} AS bucket
  FROM (${sql.daily("web_landing_daily", `(SELECT ${landingSessionTerms} FROM web_sessions)`, "started_at")})${filter ? `\n  WHERE ${filter}` : ""}
), credited AS (
  -- What the journey credits to the period's sessions (journey-sync.ts, its own sync: so not in the landing
  -- sums): the redemptions of codes claimed in them and the plates they acquired. Whole days from its daily
  -- sums, the unfinished day from the sessions with a credit.
  SELECT *, ${sql.bucket(`coalesce(day::TIMESTAMP, ${sql.local("started_at")})`)} AS bucket
  FROM (${sql.daily("journey_landing_daily", `(${CREDITED_SESSIONS})`, "started_at")})${filter ? `\n  WHERE ${filter}` : ""}
), cells AS (
  -- The period's rows with the events of its unfinished day's sessions, and what the journey credits to the
  -- period's sessions. Every figure below is a sum of these cells (summed per bucket first, so the grouping
  -- sets see few rows).
  SELECT win, bucket, landing_path, channel, ${landingSums}, ${journey}
  FROM (
    SELECT * FROM landed
    UNION ALL BY NAME
    ${sql.windows.map(([win]) => landingEventTermsSql(unfinishedDay(win), KEYS)).join("\n    UNION ALL BY NAME\n    ")}
    UNION ALL BY NAME
    SELECT win, bucket, landing_path, channel, redemptions, acquired FROM credited
  )
  GROUP BY ALL
)
SELECT win,
  CASE WHEN GROUPING(landing_path) = 0 AND GROUPING(channel) = 0 THEN 'landing_channel'
    WHEN GROUPING(landing_path) = 0 THEN 'landing' WHEN GROUPING(channel) = 0 THEN 'channel'
    WHEN GROUPING(bucket) = 0 THEN 'bucket' ELSE 'total' END AS grain,
  bucket, landing_path, channel,
  ${FIGURES.map((figure) => `sum(${figure}) AS ${figure}`).join(", ")}
FROM cells
GROUP BY GROUPING SETS ((win), (win, bucket), (win, landing_path), (win, channel), (win, landing_path, channel))`;
  return { text, params: sql.params };
}

const sessions = metric<LandingRow>("sessions", (row) => sum(row?.sessions));
const bounceRate = metric<LandingRow>("bounce_rate", (row) => ratio(sum(row?.bounces), row?.sessions));
const duration = metric<LandingRow>("visit_duration", (row) =>
  ratio(sum(row?.duration_seconds), row?.sessions),
);
const depth = metric<LandingRow>("pages_per_session", (row) => ratio(sum(row?.pageviews), row?.sessions));
const conversions = metric<LandingRow>("conversions", (row) => sum(row?.conversions));
const conversionRate = metric<LandingRow>("conversion_rate", (row) =>
  ratio(sum(row?.converting_sessions), row?.sessions),
);
const revenuePerSession = metric<LandingRow>("revenue_per_session", (row) =>
  ratio(sum(row?.revenue_cents), row?.sessions),
);
const claims = metric<LandingRow>("claims", (row) => sum(row?.claims));
const redemptions = metric<LandingRow>("redemptions", (row) => sum(row?.redemptions));
const acquired = metric<LandingRow>("acquired", (row) => sum(row?.acquired));

const METRICS = [
  sessions,
  bounceRate,
  duration,
  depth,
  conversions,
  conversionRate,
  revenuePerSession,
  claims,
  redemptions,
  acquired,
];

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = contentLandingPagesSql(filters);
  const rows = byGrain(await db.query<LandingRow>(text, params), GRAINS);
  const totals = totalsOf(rows.total);
  const table = (key: string, label: string, grain: "landing" | "landing_channel") =>
    breakdownTable(
      filters,
      {
        key,
        label,
        dimensions: [
          {
            key: "landing_path",
            label: "Landingspagina",
            value: (row) => row.landing_path,
            link: { report: "content-landing-pages", filters: { page: "landing_path" } },
          },
          ...(grain === "landing_channel"
            ? [{ key: "channel", label: "Kanaal", value: (row: LandingRow) => row.channel }]
            : []),
        ],
        metrics: METRICS,
        changes: ["sessions"],
        top: TOP_PAGES,
      },
      rows[grain],
      (row) => `${row.landing_path}\n${grain === "landing_channel" ? row.channel : ""}`,
      totals,
    );
  return envelope("content-landing-pages", filters, {
    kpis: kpis(
      filters,
      [sessions, bounceRate, duration, conversionRate, revenuePerSession, acquired],
      totals,
    ),
    series: timeSeries(filters, rows.bucket, [sessions, conversions]),
    tables: [
      table("landing_pages", "Landingspagina's", "landing"),
      table("by_channel", "Landingspagina's per kanaal", "landing_channel"),
    ],
  });
}

export const contentLandingPages = defineReport({
  id: "content-landing-pages",
  syncs: [syncWebPages, syncJourney],
  sql: { "content-landing-pages": contentLandingPagesSql },
  run,
});
