import { addDays } from "../../../shared/reports/dates.ts";
import { startOfDay } from "../../warehouse/time-zone.ts";
import type { ReportFilters } from "../filters.ts";
import type { Windowed } from "../sql.ts";
import type { ChurnMonth } from "./memberships-sql.ts";

// Churn is a rate per calendar month (REPORT-DEFINITIONS §5); over a longer period, the mean of its whole
// months' rates, shown with the months it covers.

/** A whole month's members at its start and those of them who ended in it. */
export interface ChurnRow extends Windowed {
  month: string;
  active_start: number;
  ended_member: number;
  ended_system: number;
}

/** The whole calendar months inside each window: the months a churn rate is the mean of. */
export function wholeMonths(filters: ReportFilters): ChurnMonth[] {
  const out: ChurnMonth[] = [];
  for (const [win, window] of [
    ["current", filters.current],
    ["comparison", filters.comparison],
  ] as const) {
    if (!window) continue;
    for (let month = `${window.from.slice(0, 7)}-01`; month <= window.to; ) {
      const next = addDays(month, 32).slice(0, 7).concat("-01");
      const [start, end] = [startOfDay(month), startOfDay(next)];
      if (start >= window.start && end <= window.end) out.push({ win, month: month.slice(0, 7), start, end });
      month = next;
    }
  }
  return out;
}

/** The mean of the months' rates of one kind of ending; null without a month with members at its start. */
export function meanRate(rows: ChurnRow[], ended: (row: ChurnRow) => number): number | null {
  const rates = rows.filter((row) => row.active_start > 0).map((row) => ended(row) / row.active_start);
  return rates.length === 0 ? null : rates.reduce((a, b) => a + b, 0) / rates.length;
}

const MONTH_NAMES = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];
export const monthName = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Which months the churn rates are the mean of, in words for the tiles' hint. */
export function monthsNote(months: ChurnMonth[]): string {
  const current = months.filter((month) => month.win === "current").map((month) => month.month);
  if (current.length === 0) return "De periode bevat geen hele maand.";
  const span =
    current.length === 1
      ? monthName(current[0])
      : `${monthName(current[0])} – ${monthName(current.at(-1) as string)}`;
  return `Hier: ${span} (${current.length} ${current.length === 1 ? "maand" : "maanden"}).`;
}
