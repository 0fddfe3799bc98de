import type { ReportSql } from "../sql.ts";

// What the website reports mean by time on a page and by "followed a view", written once.

/** How many pages a table shows before the rest is summed into one row (search reaches every page). */
export const TOP_PAGES = 25;

/** A condition on web_sessions for the dimension filters: sessions from the channel, that started on the page. */
export function sessionFilter(
  sql: ReportSql,
  options: { page: boolean; alias?: string } = { page: true },
): string | undefined {
  const { page, channel } = sql.filters.dimensions;
  const column = (name: string) => (options.alias ? `${options.alias}.${name}` : name);
  const conditions: string[] = [];
  if (page && options.page) {
    sql.params.page = page;
    conditions.push(`${column("landing_path")} = $page`);
  }
  if (channel) {
    sql.params.channel = channel;
    conditions.push(`${column("channel")} = $channel`);
  }
  return conditions.length ? conditions.join(" AND ") : undefined;
}

// Time on page, the examples of REPORT-DEFINITIONS §3 (worked out per pageview, at most 30 minutes each, in
// warehouse/derived/behaviour/web-pages-sync.ts):
// visitor A 120 s + 20 s, visitor B 60 s → Σ 200 s ÷ 2 visitors = 100 s; without engagement reports, 60 s and
// 90 s to the next page → 75 s; a session's last page without a report has no time.
