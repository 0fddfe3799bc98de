import { USUAL_WEEKS } from "../../shared/admin/alerts.ts";
import { median } from "../../shared/median.ts";
import { addDays, mondayOf } from "../../shared/reports/dates.ts";
import { fitModel, type HistoryDay, predictDay, type WeatherByDate } from "./model.ts";

// The backtest (REPORT-DEFINITIONS §6): for each of the last 8 complete weeks (Monday to Sunday), the model
// fitted on the days before the week forecasts its days with their measured weather, as it could have
// with a perfect weather forecast; beside it the two baselines an operator knows: the same weekday a week
// earlier, and "usual", the median of the same weekday over the 8 weeks before (as the alerts define it,
// alerts/usual.ts: a week without washes counts as 0).

export const BACKTEST_WEEKS = 8;

export interface BacktestDay {
  date: string;
  actual: number;
  /** The model's expected washes and its 80 % interval; null when there was too little history to fit. */
  forecast: number | null;
  low: number | null;
  high: number | null;
  lastWeek: number;
  usual: number;
}

/** The Mondays of the last BACKTEST_WEEKS weeks that ended before `today`, oldest first. */
export function backtestMondays(today: string): string[] {
  const current = mondayOf(today);
  return Array.from({ length: BACKTEST_WEEKS }, (_, i) => addDays(current, -7 * (BACKTEST_WEEKS - i)));
}

/** A site's backtest days, oldest first: every day of the weeks, a day without washes as 0. */
export function backtestSite(history: HistoryDay[], observed: WeatherByDate, today: string): BacktestDay[] {
  const washes = new Map(history.map((day) => [day.date, day.washes]));
  const actual = (date: string) => washes.get(date) ?? 0;
  return backtestMondays(today).flatMap((monday) => {
    const model = fitModel(history, observed, monday);
    return Array.from({ length: 7 }, (_, i) => {
      const date = addDays(monday, i);
      const prediction = model ? predictDay(model, date, observed, observed) : null;
      const weeksBefore = Array.from({ length: USUAL_WEEKS }, (_, week) =>
        actual(addDays(date, -7 * (week + 1))),
      );
      return {
        date,
        actual: actual(date),
        forecast: prediction?.expected ?? null,
        low: prediction?.low ?? null,
        high: prediction?.high ?? null,
        lastWeek: actual(addDays(date, -7)),
        usual: median(weeksBefore),
      };
    });
  });
}
