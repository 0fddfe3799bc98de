import { describe, expect, it } from "vitest";
import type { BacktestDay } from "../../forecast/backtest.ts";
import { summarise } from "./backtest-summary.ts";

// Two sites over two days, worked out by hand. B had no model for the second day (too little history):
// that day counts for neither the model nor the baselines, so all three are judged on the same days.
//   A  d1: actual 100, forecast 110 [90–120], last week 80, usual 100
//      d2: actual 200, forecast 180 [170–190], last week 260, usual 210
//   B  d1: actual 50, forecast 40 [35–45], last week 50, usual 60;  d2: no forecast
const day = (date: string, values: Omit<BacktestDay, "date">): BacktestDay => ({ date, ...values });
const A = [
  day("d1", { actual: 100, forecast: 110, low: 90, high: 120, lastWeek: 80, usual: 100 }),
  day("d2", { actual: 200, forecast: 180, low: 170, high: 190, lastWeek: 260, usual: 210 }),
];
const B = [
  day("d1", { actual: 50, forecast: 40, low: 35, high: 45, lastWeek: 50, usual: 60 }),
  day("d2", { actual: 50, forecast: null, low: null, high: null, lastWeek: 40, usual: 45 }),
];

describe("a backtest in a row", () => {
  it("gives a site's WAPE of the model and both baselines, and how often the interval held", () => {
    // model (10 + 20) / 300; last week (20 + 60) / 300; usual (0 + 10) / 300; inside on d1 only
    const a = summarise(A, "A");
    expect(a).toMatchObject({ actual: 300, forecast: 290, coverage: 0.5 });
    expect(a.wape).toBeCloseTo(0.1, 12);
    expect(a.wapeLastWeek).toBeCloseTo(80 / 300, 12);
    expect(a.wapeUsual).toBeCloseTo(10 / 300, 12);
    const b = summarise(B, "B");
    expect(b).toMatchObject({ actual: 50, forecast: 40, coverage: 0, wapeLastWeek: 0 });
    expect(b.wape).toBeCloseTo(0.2, 12);
  });

  it("works the chain out on its daily totals, where one site's miss may make up for another's", () => {
    // d1: actual 150, forecast 150, last week 130, usual 160; d2 (A alone): 200, 180, 260, 210
    const chain = summarise([...A, ...B], "Totaal");
    expect(chain).toMatchObject({ actual: 350, forecast: 330 });
    expect(chain.wape).toBeCloseTo(20 / 350, 12);
    expect(chain.wapeLastWeek).toBeCloseTo(80 / 350, 12);
    expect(chain.wapeUsual).toBeCloseTo(20 / 350, 12);
    expect(chain.coverage).toBeCloseTo(1 / 3, 12);
  });
});
