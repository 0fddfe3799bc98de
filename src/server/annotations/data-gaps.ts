import { listValue } from "@duckdb/node-api";
import { type Annotation, GAP_MIN_EXPECTED, MIN_GAP_HOURS } from "../../shared/annotations/annotations.ts";
import { formatDate } from "../../shared/format.ts";
import type { Queryable } from "../db/database.ts";
import { openingHourStarts } from "../freshness/freshness-rule.ts";
import { localDate, localDateTime } from "../reports/time-zone.ts";
import type { AnnotationScope } from "./scope.ts";

// Data gaps: a camera or till silent for MIN_GAP_HOURS opening hours in a row while at its own rate it
// would have delivered GAP_MIN_EXPECTED things (src/shared/annotations/annotations.ts). The opening hours
// are the freshness rule's (src/shared/freshness.ts): a closed wash at night is no gap. Hours are compared
// as whole UTC hours since the epoch, which are Amsterdam's hours too (a whole-hour offset).

const HOUR_MS = 3_600_000;
/** How far before the period a source is looked at: a gap that began earlier shows from the period's start. */
const LOOKBACK_DAYS = 7;

export interface SilentRun {
  /** Start of the first and of the last silent opening hour. */
  first: Date;
  last: Date;
  hours: number;
}

export interface SourceActivity {
  /** The hours (ms / HOUR_MS) with at least one delivery. */
  delivered: Set<number>;
  /** How many things (reads, sales) it delivered in all. */
  deliveries: number;
}

/**
 * The data gaps of one source: runs of opening hours without a delivery, long enough (MIN_GAP_HOURS) and
 * unlikely enough at the source's average rate per opening hour (GAP_MIN_EXPECTED). `hours` are the
 * opening hours in order, all complete. Hours before the first delivery are not counted: a source that
 * had not started yet is not silent.
 */
export function silentRuns(hours: Date[], source: SourceActivity): SilentRun[] {
  const isDelivered = (hour: Date) => source.delivered.has(hour.getTime() / HOUR_MS);
  const firstIndex = hours.findIndex(isDelivered);
  if (firstIndex < 0) return [];
  const perHour = source.deliveries / (hours.length - firstIndex);
  const runs: SilentRun[] = [];
  let run: Date[] = [];
  const close = () => {
    if (run.length >= MIN_GAP_HOURS && run.length * perHour >= GAP_MIN_EXPECTED) {
      runs.push({ first: run[0], last: run[run.length - 1], hours: run.length });
    }
    run = [];
  };
  for (const hour of hours.slice(firstIndex)) {
    if (isDelivered(hour)) close();
    else run.push(hour);
  }
  close();
  return runs;
}

interface SourceHours {
  site_id: number;
  site_code: string;
  site_name: string;
  /** The camera's name; null for a site's till. */
  camera: string | null;
  hours: number[];
  deliveries: number;
}

// One row per camera (reads at the site) and per till (sales at the site, not online), with the distinct
// hours in which it delivered anything; `$3` the chosen sites' ids, when there are.
const sourcesSql = (someSites: boolean) => `
WITH sources AS (
  SELECT site_id, camera, list(DISTINCT floor(epoch(read_at) / 3600)::BIGINT) AS hours, count(*) AS deliveries
  FROM plate_reads WHERE read_at >= $1 AND read_at < $2 GROUP BY site_id, camera
  UNION ALL
  SELECT site_id, NULL AS camera, list(DISTINCT floor(epoch(occurred_at) / 3600)::BIGINT) AS hours,
    count(*) AS deliveries
  FROM transactions WHERE sales_channel = 'site' AND occurred_at >= $1 AND occurred_at < $2 GROUP BY site_id
)
SELECT s.site_id, si.code AS site_code, si.name AS site_name, s.camera, s.hours, s.deliveries
FROM sources s JOIN sites si ON si.id = s.site_id
${someSites ? "WHERE s.site_id IN (SELECT unnest($3::INTEGER[]))" : ""}
ORDER BY si.name, s.camera NULLS LAST`;

const hourText = (instant: Date) => localDateTime(instant).slice(11, 16);
const dayText = (instant: Date) => formatDate(localDate(instant)).slice(0, 5);

/** The data gaps overlapping the scope's period, up to `now` (an hour still running is not judged). */
export async function dataGaps(db: Queryable, scope: AnnotationScope, now: Date): Promise<Annotation[]> {
  const end = new Date(Math.min(scope.end.getTime(), Math.floor(now.getTime() / HOUR_MS) * HOUR_MS));
  if (end <= scope.start) return [];
  const lookback = new Date(scope.start.getTime() - LOOKBACK_DAYS * 86_400_000);
  const someSites = scope.sites.length > 0;
  const sources = await db.query<SourceHours>(sourcesSql(someSites), [
    lookback.toISOString(),
    end.toISOString(),
    ...(someSites ? [listValue(scope.sites.map((site) => site.id))] : []),
  ]);
  const hours = openingHourStarts(lookback, end).filter((h) => h.getTime() + HOUR_MS <= end.getTime());
  return sources.flatMap((source) =>
    silentRuns(hours, { delivered: new Set(source.hours.map(Number)), deliveries: Number(source.deliveries) })
      .filter((run) => run.last >= scope.start)
      .map((run) => gapAnnotation(source, run, scope.start)),
  );
}

function gapAnnotation(source: SourceHours, run: SilentRun, periodStart: Date): Annotation {
  const who = source.camera === null ? "Kassa" : `Camera ${source.camera}`;
  const until = new Date(run.last.getTime() + HOUR_MS);
  const sameDay = localDate(run.first) === localDate(run.last);
  const span = sameDay
    ? `${dayText(run.first)} ${hourText(run.first)}–${hourText(until)}`
    : `${dayText(run.first)} ${hourText(run.first)} – ${dayText(run.last)} ${hourText(until)}`;
  const what = source.camera === null ? "geen verkopen" : "geen kentekens";
  return {
    kind: "data-gap",
    date: localDate(run.first < periodStart ? periodStart : run.first),
    from: localDateTime(run.first).slice(0, 16),
    to: localDateTime(run.last).slice(0, 16),
    site: { code: source.site_code, name: source.site_name },
    text: `${who} (${source.site_name}): ${what} ${span}, ${run.hours} openingsuren`,
    id: null,
    createdBy: null,
  };
}
