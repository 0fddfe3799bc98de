import { listValue } from "@duckdb/node-api";
import { type Annotation, GAP_MIN_EXPECTED, MIN_GAP_HOURS } from "../../shared/annotations/annotations.ts";
import { formatDate } from "../../shared/format.ts";
import type { Queryable } from "../db/database.ts";
import { type OpeningHour, openingHoursBetween } from "../freshness/freshness-rule.ts";
import { localDate, localDateTime } from "../warehouse/time-zone.ts";
import type { AnnotationScope } from "./scope.ts";

// Data gaps: a camera or till silent for MIN_GAP_HOURS opening hours in a row while at its own usual rate
// for those hours it would have delivered GAP_MIN_EXPECTED things (src/shared/annotations/annotations.ts).
// The opening hours are the freshness rule's (src/shared/freshness.ts): a closed wash at night is no gap.
// Hours are compared as whole UTC hours since the epoch, which are Amsterdam's hours too (whole-hour offset).

const HOUR_MS = 3_600_000;
/** How far before the period a source is looked at: its usual rates, and a gap that began earlier. */
const LOOKBACK_DAYS = 14;

export interface SilentRun {
  /** Start of the first and of the last silent opening hour. */
  first: Date;
  last: Date;
  hours: number;
}

/** What a source delivered per hour (ms / HOUR_MS since the epoch → count); hours without are absent. */
export type Deliveries = Map<number, number>;

/**
 * The usual rate of an hour is the source's average over the hours like it: the same hour of the day on
 * weekdays, on Saturdays or on Sundays. 08:00 on a Monday is quieter than noon on a Saturday.
 */
const slotOf = (hour: OpeningHour) => (hour.weekday < 5 ? 0 : hour.weekday - 4) * 24 + hour.hour;
const keyOf = (hour: OpeningHour) => hour.start.getTime() / HOUR_MS;

/**
 * The data gaps of one source: runs of opening hours without a delivery, at least MIN_GAP_HOURS long and
 * in which the source usually delivers GAP_MIN_EXPECTED things or more. `hours` are the opening hours in
 * order, all complete. Hours before the first delivery are not counted: a source that had not started yet
 * is not silent.
 */
export function silentRuns(hours: OpeningHour[], deliveries: Deliveries): SilentRun[] {
  const firstIndex = hours.findIndex((hour) => deliveries.has(keyOf(hour)));
  if (firstIndex < 0) return [];
  const counted = hours.slice(firstIndex);
  const totals = new Map<number, { things: number; hours: number }>();
  for (const hour of counted) {
    const slot = totals.get(slotOf(hour)) ?? { things: 0, hours: 0 };
    slot.things += deliveries.get(keyOf(hour)) ?? 0;
    slot.hours += 1;
    totals.set(slotOf(hour), slot);
  }
  const usual = (hour: OpeningHour) => {
    const slot = totals.get(slotOf(hour));
    return slot ? slot.things / slot.hours : 0;
  };

  const runs: SilentRun[] = [];
  let run: OpeningHour[] = [];
  const close = () => {
    const expected = run.reduce((sum, hour) => sum + usual(hour), 0);
    if (run.length >= MIN_GAP_HOURS && expected >= GAP_MIN_EXPECTED) {
      runs.push({ first: run[0].start, last: run[run.length - 1].start, hours: run.length });
    }
    run = [];
  };
  for (const hour of counted) {
    if (deliveries.has(keyOf(hour))) close();
    else run.push(hour);
  }
  close();
  return runs;
}

interface SourceHours {
  site_code: string;
  site_name: string;
  /** The camera's name; null for a site's till. */
  camera: string | null;
  hours: number[];
  counts: number[];
}

// One row per camera (reads at the site) and per till (sales at the site, not online): the hours in which
// it delivered anything and how much; `$3` the chosen sites' ids, when there are.
const sourcesSql = (someSites: boolean) => `
WITH hourly AS (
  SELECT site_id, camera, floor(epoch(read_at) / 3600)::BIGINT AS h, count(*) AS n
  FROM plate_reads WHERE read_at >= $1 AND read_at < $2 GROUP BY ALL
  UNION ALL
  SELECT site_id, NULL AS camera, floor(epoch(occurred_at) / 3600)::BIGINT AS h, count(*) AS n
  FROM transactions WHERE sales_channel = 'site' AND occurred_at >= $1 AND occurred_at < $2 GROUP BY ALL
)
SELECT si.code AS site_code, si.name AS site_name, s.camera, list(s.h) AS hours, list(s.n) AS counts
FROM hourly s JOIN sites si ON si.id = s.site_id
${someSites ? "WHERE s.site_id IN (SELECT unnest($3::INTEGER[]))" : ""}
GROUP BY si.code, si.name, s.camera
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
  const hours = openingHoursBetween(lookback, end).filter(
    (h) => h.start.getTime() + HOUR_MS <= end.getTime(),
  );
  return sources.flatMap((source) => {
    const deliveries: Deliveries = new Map(source.hours.map((h, i) => [Number(h), Number(source.counts[i])]));
    return silentRuns(hours, deliveries)
      .filter((run) => run.last >= scope.start)
      .map((run) => gapAnnotation(source, run, scope.start));
  });
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
