// Calendar arithmetic on local dates written as `YYYY-MM-DD`. A local date has no time zone: these helpers
// count days and months the way a calendar does, so they are the same in the browser and on the server.

/** A period as inclusive local (Europe/Amsterdam) calendar dates. */
export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");

const toUtc = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar date in `YYYY-MM-DD` form (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && fromUtc(toUtc(value)) === value;
}

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);

/** Days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: string, b: string) => Math.round((toUtc(b) - toUtc(a)) / DAY_MS);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day `months` months later, clamped to the month's end (31 March − 1 month = 28/29 February). */
export function addMonths(date: string, months: number): string {
  const index = +date.slice(0, 4) * 12 + (+date.slice(5, 7) - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(+date.slice(8, 10), daysInMonth(year, month));
  return `${year}-${pad(month)}-${pad(day)}`;
}

export const startOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
export const endOfMonth = (date: string) => addDays(addMonths(startOfMonth(date), 1), -1);
export const isEndOfMonth = (date: string) => endOfMonth(date) === date;

/** The Monday of the ISO week a date falls in. */
export function mondayOf(date: string): string {
  const weekday = (new Date(toUtc(date)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

/** ISO 8601 week number and its year (29 December 2025 is in week 1 of 2026). */
export function isoWeek(date: string): { year: number; week: number } {
  const thursday = addDays(mondayOf(date), 3);
  const year = +thursday.slice(0, 4);
  return { year, week: Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1 };
}

/**
 * The Monday of ISO week `week` of `year`; week 53 in a year that has only 52 is that year's last week
 * (its 52nd), the closest there is.
 */
export function isoWeekMonday(year: number, week: number): string {
  // 4 January is always in week 1.
  const monday = addDays(mondayOf(`${year}-01-04`), (week - 1) * 7);
  return isoWeek(monday).year === year ? monday : addDays(monday, -7);
}

/**
 * Days from the Monday of `date`'s ISO week back to the Monday of the same ISO week a year earlier
 * (negative): -364, or -371 when the years between hold a week 53.
 */
export function sameIsoWeekLastYearDays(date: string): number {
  const { year, week } = isoWeek(date);
  return daysBetween(mondayOf(date), isoWeekMonday(year - 1, week));
}

/** The first day of the calendar quarter a date falls in. */
export const startOfQuarter = (date: string) =>
  `${date.slice(0, 4)}-${pad(Math.floor((+date.slice(5, 7) - 1) / 3) * 3 + 1)}-01`;

/** Whole calendar months from the month of `a` to the month of `b`. */
export const monthsBetween = (a: string, b: string) =>
  (+b.slice(0, 4) - +a.slice(0, 4)) * 12 + (+b.slice(5, 7) - +a.slice(5, 7));
