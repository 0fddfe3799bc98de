import { addDays } from "../../shared/reports/dates.ts";
import { amsterdamDate, TIME_ZONE } from "../../shared/time-zone.ts";

// Europe/Amsterdam from the platform's time-zone database (Intl), not from hard-coded EU rules: if the
// rules change, the tz data changes with them. Everything here works on instants (Date) and local dates.

export { TIME_ZONE };

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The local wall-clock time of an instant as `YYYY-MM-DDTHH:mm:ss`. */
export function localDateTime(instant: Date): string {
  const p = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** The local date of an instant (src/shared/time-zone.ts). */
export const localDate = (instant: Date) => amsterdamDate(instant);

/** Milliseconds Amsterdam is ahead of UTC at an instant (3 600 000 in winter, 7 200 000 in summer). */
export function offsetAt(instant: Date): number {
  const wall = localDateTime(new Date(Math.floor(instant.getTime() / 1000) * 1000));
  return Date.parse(`${wall}Z`) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a local wall-clock time happens. A time skipped by the spring change (02:30 on the last
 * Sunday of March) is read with the offset before it; midnight is never skipped in Amsterdam.
 */
export function instantOf(date: string, time = "00:00:00"): Date {
  const wall = Date.parse(`${date}T${time}Z`);
  const guess = wall - offsetAt(new Date(wall - 3_600_000));
  return new Date(wall - offsetAt(new Date(guess)));
}

/** Local midnight at the start of a date, and at the end of it (= the next day's start). */
export const startOfDay = (date: string) => instantOf(date);
export const endOfDay = (date: string) => instantOf(addDays(date, 1));

/** A stretch of time with one UTC offset. */
export interface OffsetSegment {
  /** First instant (ms since epoch) of the segment; the first segment starts at `start`. */
  from: number;
  offsetMs: number;
}

/** The UTC offsets in force between two instants, in order: one segment, plus one per clock change. */
export function offsetSegments(start: Date, end: Date): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ from: start.getTime(), offsetMs: offsetAt(start) }];
  for (let year = start.getUTCFullYear(); year <= end.getUTCFullYear(); year++) {
    for (const change of clockChangesIn(year)) {
      if (change.from > start.getTime() && change.from <= end.getTime()) segments.push(change);
    }
  }
  return segments;
}

// Every report builds its SQL with the offsets of its period: looked up day by day each time, a year cost
// 5 ms of the one JavaScript thread (365 readings of the tz database). A year's changes are found once.
const changesByYear = new Map<number, OffsetSegment[]>();

/** The clock changes within a UTC calendar year, each from its first second. */
function clockChangesIn(year: number): OffsetSegment[] {
  const known = changesByYear.get(year);
  if (known) return known;
  const changes: OffsetSegment[] = [];
  const end = Date.UTC(year + 1, 0, 1); // a change at its very end is found here, not in the next year
  let current = offsetAt(new Date(Date.UTC(year, 0, 1)));
  // Clocks change at most twice a year and never twice within a day: look a day at a time, then narrow down.
  for (let day = Date.UTC(year, 0, 1); day < end; day += 86_400_000) {
    const next = day + 86_400_000;
    if (offsetAt(new Date(next)) === current) continue;
    let [low, high] = [day, next];
    while (high - low > 1000) {
      const middle = Math.floor((low + high) / 2000) * 1000;
      if (offsetAt(new Date(middle)) === current) low = middle;
      else high = middle;
    }
    current = offsetAt(new Date(high));
    changes.push({ from: high, offsetMs: current });
  }
  changesByYear.set(year, changes);
  return changes;
}
