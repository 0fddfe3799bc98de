import { formatDate } from "../../../shared/format.ts";
import { isoWeek } from "../../../shared/reports/dates.ts";
import type { Granularity } from "../../../shared/reports/filters.ts";

// Names of the buckets of a time series (`2026-10-19`, `2026-10-19T14:00`), short for an axis and in full
// for a tooltip: weeks as ISO week numbers, Monday first.

const WEEKDAYS = ["zo", "ma", "di", "wo", "do", "vr", "za"];
const MONTHS = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];

const weekday = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
const dayMonth = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}`;

export function bucketLabel(x: string, granularity: Granularity, full = false): string {
  const date = x.slice(0, 10);
  switch (granularity) {
    case "hour":
      // On an axis over several days, midnight carries the date.
      if (full) return `${weekday(date)} ${formatDate(date)} ${x.slice(11, 16)}`;
      return x.slice(11, 16) === "00:00" ? `${weekday(date)} ${dayMonth(date)}` : x.slice(11, 16);
    case "day":
      return full ? `${weekday(date)} ${formatDate(date)}` : `${weekday(date)} ${dayMonth(date)}`;
    case "week":
      return full ? `week ${isoWeek(date).week} (vanaf ${formatDate(date)})` : `wk ${isoWeek(date).week}`;
    case "month":
      return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  }
}
