import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { knownHistory } from "../../forecast/test-history.ts";
import { syncSalesHourly } from "../../warehouse/derived/transactions/sales-rollup.ts";
import { filtersFor } from "../filters.ts";
import { amsterdam, membersDatabase } from "../memberships/test-members.ts";
import { reportSites } from "../sites.ts";
import { weatherCorrectedKpi } from "./weather-corrected.ts";

// A site whose washes are known exactly (forecast/test-history.ts: 100 on a dry Monday, half on a wet day,
// a factor per weekday) and that grows 10 % a year on a log scale: washes = base × e^(0.1 · years). One sale
// a day of all its washes at € 10,00 each, and its station measured the weather of every day. Today is
// Saturday 28 November 2026; the period is October 2026, a year earlier October 2025.
//   The model fits this history exactly, so "expected" is base × growth, and the day a year earlier is
//   expected at its day's level this year: actual ÷ expected is 1 this year and e^(−0.1 · 365/365.25) a
//   year earlier. Corrected change = e^(0.1 · 365/365.25) − 1 = +10,51 %, whatever the two Octobers' rain.
//   Weather and calendar = Σ base of October 2026 ÷ Σ base of October 2025 − 1 (worked out below from the
//   same bases); uncorrected = Σ washes 2026 ÷ Σ washes 2025 − 1.

const FIRST = "2024-09-01";
const TODAY = "2026-11-28";
const GROWTH = 0.1;

const { history, weather } = knownHistory(FIRST, 818);
const washes = history.map((day, i) => ({
  date: day.date,
  base: day.washes,
  washes: Math.round(day.washes * Math.exp((GROWTH * i) / 365.25)),
}));
const sum = (from: string, to: string, key: "base" | "washes") =>
  washes.filter((day) => day.date >= from && day.date <= to).reduce((total, day) => total + day[key], 0);

let db: Database;

beforeAll(async () => {
  db = await membersDatabase();
  await db.run("INSERT INTO weather_stations (code, name, lat, lon) VALUES (260, 'De Bilt', 52.1, 5.18)");
  const days = washes.filter((day) => day.date < TODAY);
  await db.run(
    `INSERT INTO weather_daily (station_code, day, temp_c, rain_mm, sunshine_h) VALUES ${days
      .map(({ date }) => {
        const w = weather.get(date) as { tempC: number; rainMm: number; sunshineH: number };
        return `(260, '${date}', ${w.tempC}, ${w.rainMm}, ${w.sunshineH})`;
      })
      .join(", ")}`,
  );
  await db.run(
    `INSERT INTO transactions (id, site_id, event_id, occurred_at, plate, payment_method, sales_channel,
       subtotal_cents, total_cents, vat_cents) VALUES ${days
         .map(
           ({ date, washes: n }, i) =>
             `(${i + 1}, 1, 't${i}', timezone('Europe/Amsterdam', TIMESTAMP '${date} 12:00:00'), 'XX-01-YY', 'pin', 'site', ${n * 1000}, ${n * 1000}, 0)`,
         )
         .join(", ")}`,
  );
  await db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, discount_cents, amount_cents, vat_cents) VALUES ${days
         .map(
           ({ date, washes: n }, i) =>
             `(${i + 1}, 1, 1, timezone('Europe/Amsterdam', TIMESTAMP '${date} 12:00:00'), 21, ${n}, 1000, 0, ${n * 1000}, 0)`,
         )
         .join(", ")}`,
  );
  await syncSalesHourly(db);
});
afterAll(() => db.close());

const filters = (from: string, to: string, dimensions = {}) => ({
  ...filtersFor({
    preset: "custom",
    range: { from, to },
    compare: "none",
    shift: null,
    granularity: "day",
    sites: [{ id: 1, code: "a", name: "A" }],
    now: new Date(amsterdam(`${TODAY} 12:00`)),
  }),
  dimensions,
});

const parsePercent = (text: string) =>
  Number(text.replace("−", "-").replace(",", ".").replace("%", "")) / 100;
const change = (a: number, b: number) => a / b - 1;
const percent = (value: number) =>
  `${value >= 0 ? "+" : "−"}${Math.abs(value * 100)
    .toFixed(1)
    .replace(".", ",")}%`;

describe("the change against last year, corrected for the weather", () => {
  it("takes the weather and the calendar out of October against October and keeps the growth", async () => {
    const october = filters("2026-10-01", "2026-10-31");
    const kpi = await weatherCorrectedKpi(db, october, reportSites(db, october), "revenue_cents");
    expect(kpi.key).toBe("revenue_change_weather_corrected");
    expect(kpi.value).toBeCloseTo(Math.exp((GROWTH * 365) / 365.25) - 1, 2);
    const raw = change(sum("2026-10-01", "2026-10-31", "washes"), sum("2025-10-01", "2025-10-31", "washes"));
    const weatherAndCalendar = change(
      sum("2026-10-01", "2026-10-31", "base"),
      sum("2025-10-01", "2025-10-31", "base"),
    );
    // the two Octobers' rain differs enough to make the correction matter
    expect(Math.abs(raw - (kpi.value ?? 0))).toBeGreaterThan(0.02);
    // the uncorrected change is the actuals' alone; the weather's is the model's, within rounding
    const [, shownRaw, shownWeather] =
      /Zonder correctie (.+); weer en kalender samen (.+)$/.exec(kpi.detail ?? "") ?? [];
    expect(shownRaw).toBe(percent(raw));
    expect(Math.abs(parsePercent(shownWeather) - weatherAndCalendar)).toBeLessThan(0.002);
  });

  it("reads only whole days, and says why when there are none", async () => {
    const today = filters(TODAY, TODAY);
    const kpi = await weatherCorrectedKpi(db, today, reportSites(db, today), "transactions");
    expect(kpi).toMatchObject({ key: "transactions_change_weather_corrected", value: null });
    expect(kpi.empty).toBeTruthy();
  });

  it("is not worked out under a filter the daily sums do not have", async () => {
    const cash = filters("2026-10-01", "2026-10-31", { payment_method: "contant" });
    const kpi = await weatherCorrectedKpi(db, cash, reportSites(db, cash), "transactions");
    expect(kpi).toMatchObject({ value: null, empty: "Niet met een filter op programma of betaalwijze" });
  });
});
