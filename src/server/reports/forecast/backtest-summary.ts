import type { BacktestDay } from "../../forecast/backtest.ts";
import { wape } from "../../forecast/wape.ts";

// A site's (or the chain's) backtest in a row: WAPE of the model and of both baselines over the same days,
// and how often the actual washes lay within the 80 % interval. The chain's WAPE is worked out on its
// daily totals (a site's miss up and another's down partly cancel, as they do for the owner); its
// coverage counts site-days, since each interval is a site's.

export interface BacktestSummary {
  win: "current";
  site_name: string;
  actual: number;
  forecast: number;
  wape: number | null;
  wapeLastWeek: number | null;
  wapeUsual: number | null;
  coverage: number | null;
}

export function summarise(siteDays: BacktestDay[], name: string): BacktestSummary {
  // the days the model forecast (it needs 8 weeks of history before a week); the baselines on the same days
  const scored = siteDays.filter((day) => day.forecast !== null);
  const byDate = new Map<string, { actual: number; forecast: number; lastWeek: number; usual: number }>();
  for (const day of scored) {
    const total = byDate.get(day.date) ?? { actual: 0, forecast: 0, lastWeek: 0, usual: 0 };
    total.actual += day.actual;
    total.forecast += day.forecast ?? 0;
    total.lastWeek += day.lastWeek;
    total.usual += day.usual;
    byDate.set(day.date, total);
  }
  const totals = [...byDate.values()];
  const inside = scored.filter((day) => (day.low ?? 0) <= day.actual && day.actual <= (day.high ?? 0));
  return {
    win: "current",
    site_name: name,
    actual: totals.reduce((sum, day) => sum + day.actual, 0),
    forecast: totals.reduce((sum, day) => sum + day.forecast, 0),
    wape: wape(totals),
    wapeLastWeek: wape(totals.map((day) => ({ actual: day.actual, forecast: day.lastWeek }))),
    wapeUsual: wape(totals.map((day) => ({ actual: day.actual, forecast: day.usual }))),
    coverage: scored.length ? inside.length / scored.length : null,
  };
}
