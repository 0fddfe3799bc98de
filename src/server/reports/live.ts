import type { DuckDBValue } from "@duckdb/node-api";
import { LIVE_SLOT_MINUTES, type LiveAnswer, type LiveSite } from "../../shared/live.ts";
import { addDays } from "../../shared/reports/dates.ts";
import type { Queryable } from "../db/database.ts";
import { freshnessOf } from "../freshness/freshness-rule.ts";
import { latestCameraDeliveries, latestSiteDeliveries } from "../freshness/latest-delivery.ts";
import { localTimeSql } from "../warehouse/buckets.ts";
import { endOfDay, localDate, localDateTime, startOfDay } from "../warehouse/time-zone.ts";

// Live: what every active site is doing at this moment (GET /api/live, the dashboard's Live tab).
// cars: readings of an entrance camera (direction 'in'), with or without a plate: a car whose plate was not
//   read still drove in. Not visits: a wall screen counts cars, not customers.
// lastHour: cars in the last 60 minutes, (now − 60 min, now].
// capacityPerHour: lanes × the site's cars per lane per hour (Instellingen › Vestigingen).
// slots: today's cars per 10 minutes of local wall-clock time (Europe/Amsterdam). On the autumn change the
//   slots 02:00–02:50 each hold two real 10 minutes (as the hourly buckets hold two hours); in spring they
//   do not exist.
// expected: per slot, the median of the same slot on the same weekday in each of the 8 weeks before, a day
//   without cars in it counting as 0 (8 values: the mean of the 4th and 5th).
// Only today (and the hour before it, after midnight) is read at each refresh; the 8 earlier days are read
// once per site set and day (each with a range filter of its own) and kept for EXPECTED_TTL_MS.

const WEEKS = 8;
const SLOT_MS = LIVE_SLOT_MINUTES * 60_000;
const EXPECTED_TTL_MS = 15 * 60_000;

interface SiteRow {
  id: number;
  code: string;
  name: string;
  lanes: number;
  cars_per_lane_hour: number;
}

interface SlotCount {
  site_id: number;
  slot: string;
  cars: number;
}

/** `HH:mm` of the 10 minutes a reading's local time falls in. */
const slotSql = (local: string) =>
  `strftime(${local}, '%H:') || lpad(CAST(minute(${local}) // ${LIVE_SLOT_MINUTES} * ${LIVE_SLOT_MINUTES} AS VARCHAR), 2, '0')`;

const dayWindow = (date: string) => ({ start: startOfDay(date), end: endOfDay(date) });

/** Today's slots in order, each with the instant it starts (the first, on the autumn change). */
export function slotsOf(date: string): { start: string; at: Date }[] {
  const { start, end } = dayWindow(date);
  const slots = new Map<string, Date>();
  for (let t = start.getTime(); t < end.getTime(); t += SLOT_MS) {
    const key = localDateTime(new Date(t)).slice(11, 16);
    if (!slots.has(key)) slots.set(key, new Date(t));
  }
  return [...slots].map(([key, at]) => ({ start: key, at }));
}

/** Today's cars per site and slot, and the cars in the last 60 minutes per site (slot ''). */
export function liveTodaySql(now: Date) {
  const day = dayWindow(localDate(now));
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const from = hourAgo < day.start ? hourAgo : day.start;
  const local = localTimeSql("read_at", [{ start: from, end: now }]);
  const text = `SELECT site_id, ${slotSql(local)} AS slot, count(*) AS cars
FROM plate_reads WHERE read_at >= $day_start::TIMESTAMPTZ AND read_at <= $now::TIMESTAMPTZ AND direction = 'in'
GROUP BY ALL
UNION ALL
SELECT site_id, '' AS slot, count(*) FROM plate_reads
WHERE read_at > $hour_ago::TIMESTAMPTZ AND read_at <= $now::TIMESTAMPTZ AND direction = 'in'
GROUP BY ALL`;
  const params = {
    day_start: day.start.toISOString(),
    hour_ago: hourAgo.toISOString(),
    now: now.toISOString(),
  };
  return { text, params };
}

/** The cars per site, day and slot on the same weekday of the 8 weeks before `date`: a range scan per day. */
export function liveHistorySql(date: string) {
  const params: Record<string, DuckDBValue> = {};
  const days = Array.from({ length: WEEKS }, (_, i) => addDays(date, -7 * (i + 1)));
  const windows = days.map(dayWindow);
  const local = localTimeSql("read_at", windows);
  const scans = windows.map((window, i) => {
    params[`start_${i}`] = window.start.toISOString();
    params[`end_${i}`] = window.end.toISOString();
    return `SELECT site_id, ${i} AS day, ${slotSql(local)} AS slot, count(*) AS cars FROM plate_reads
  WHERE read_at >= $start_${i}::TIMESTAMPTZ AND read_at < $end_${i}::TIMESTAMPTZ AND direction = 'in' GROUP BY ALL`;
  });
  return { text: scans.join("\nUNION ALL\n"), params };
}

/** The median of `values`, the mean of the two middle ones for an even count. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const expectedCache = new Map<string, { at: number; curve: Promise<Map<string, number>> }>();

/** Per `site_id|slot`, the expected cars: computed once per day and EXPECTED_TTL_MS, shared by every screen. */
function expectedCurve(db: Queryable, date: string): Promise<Map<string, number>> {
  const cached = expectedCache.get(date);
  if (cached && Date.now() - cached.at < EXPECTED_TTL_MS) return cached.curve;
  const { text, params } = liveHistorySql(date);
  const curve = db.query<SlotCount & { day: number }>(text, params).then((rows) => {
    const perSlot = new Map<string, number[]>();
    for (const row of rows) {
      const key = `${row.site_id}|${row.slot}`;
      const counts = perSlot.get(key) ?? Array<number>(WEEKS).fill(0);
      counts[row.day] += Number(row.cars);
      perSlot.set(key, counts);
    }
    return new Map([...perSlot].map(([key, counts]) => [key, median(counts)]));
  });
  expectedCache.clear();
  expectedCache.set(date, { at: Date.now(), curve });
  curve.catch(() => expectedCache.delete(date));
  return curve;
}

export async function liveAnswer(db: Queryable, now: Date): Promise<LiveAnswer> {
  const date = localDate(now);
  const today = liveTodaySql(now);
  const scope = { now };
  const [sites, counts, expected, cameras, tills] = await Promise.all([
    db.query<SiteRow>(
      "SELECT id, code, name, lanes, cars_per_lane_hour FROM sites WHERE active ORDER BY name, id",
    ),
    db.query<SlotCount>(today.text, today.params),
    expectedCurve(db, date),
    latestCameraDeliveries(db, scope),
    latestSiteDeliveries(db, "transactions", scope),
  ]);
  const slots = slotsOf(date);
  const judged = (lastAt: string | null) => ({
    lastAt,
    status: freshnessOf("site", lastAt === null ? null : new Date(lastAt), now),
  });
  const countOf = new Map(counts.map((row) => [`${row.site_id}|${row.slot}`, Number(row.cars)]));
  const siteOf = (site: SiteRow): LiveSite => {
    const siteSlots = slots.map(({ start, at }) => ({
      start,
      cars: at > now ? null : (countOf.get(`${site.id}|${start}`) ?? 0),
      expected: expected.get(`${site.id}|${start}`) ?? 0,
    }));
    const till = tills.find((t) => t.siteId === site.id);
    return {
      id: site.id,
      code: site.code,
      name: site.name,
      lanes: site.lanes,
      carsPerLaneHour: site.cars_per_lane_hour,
      capacityPerHour: site.lanes * site.cars_per_lane_hour,
      lastHour: countOf.get(`${site.id}|`) ?? 0,
      today: siteSlots.reduce((sum, slot) => sum + (slot.cars ?? 0), 0),
      slots: siteSlots,
      cameras: cameras
        .filter((camera) => camera.siteId === site.id)
        .map((camera) => ({ camera: camera.camera, ...judged(camera.lastAt) })),
      till: judged(till?.lastAt ?? null),
    };
  };
  return { now: now.toISOString(), date, sites: sites.map(siteOf) };
}
