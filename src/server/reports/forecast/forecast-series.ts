import type { Series } from "../../../shared/reports/envelope.ts";
import type { SiteForecast } from "../../forecast/site-forecasts.ts";
import { metric } from "../envelope.ts";

// Prognose's charts: the next 14 days (expected with its interval) and the last 8 whole weeks (actual beside
// the backtest's expected), each the chosen sites' total per day. Several sites' bounds are added up, as
// if their days went up and down together: a wide, safe interval.

interface Dated {
  date: string;
  value: number | null;
}

/** Per date, the total of the values there are; a date without any value has none. */
function dailyTotals(rows: Dated[], round: boolean): Map<string, number | null> {
  const totals = new Map<string, number | null>();
  for (const { date, value } of [...rows].sort((a, b) => a.date.localeCompare(b.date))) {
    const before = totals.get(date) ?? null;
    totals.set(date, value === null ? before : (before ?? 0) + value);
  }
  if (round) for (const [date, value] of totals) totals.set(date, value === null ? null : Math.round(value));
  return totals;
}

function daySeries(key: string, rows: Dated[], round = false): Series {
  const { label, unit } = metric(key, () => null);
  const points = [...dailyTotals(rows, round)].map(([x, value]) => ({ x, value }));
  return { key, label, unit, axis: "time", granularity: "day", points };
}

export function forecastSeries(forecasts: SiteForecast[]): Series[] {
  const days = forecasts.flatMap((site) => site.days);
  const past = forecasts.flatMap((site) => site.backtest);
  return [
    daySeries(
      "expected_washes",
      days.map((day) => ({ date: day.date, value: day.expected })),
      true,
    ),
    daySeries(
      "expected_low",
      days.map((day) => ({ date: day.date, value: day.low })),
    ),
    daySeries(
      "expected_high",
      days.map((day) => ({ date: day.date, value: day.high })),
    ),
    daySeries(
      "washes",
      past.map((day) => ({ date: day.date, value: day.actual })),
    ),
    daySeries(
      "backtest_expected",
      past.map((day) => ({ date: day.date, value: day.forecast })),
      true,
    ),
  ];
}
