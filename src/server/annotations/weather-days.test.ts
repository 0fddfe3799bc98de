import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { membersDatabase } from "../reports/memberships/test-members.ts";
import { startOfDay } from "../warehouse/time-zone.ts";
import { weatherDays } from "./weather-days.ts";

// Sites A (1, Utrecht) and B (2, Zeist) near two stations: De Bilt (260) is nearest to both, Cabauw (348)
// to neither, so only De Bilt's days are theirs. January 2026, by hand:
//   5 Jan: 10,0 mm (the threshold itself) → rain;  6 Jan: 9,9 mm → nothing;  7 Jan: −0,1 °C → frost;
//   8 Jan: 0,0 °C → nothing (frost is below 0);  9 Jan: −2,5 °C and 12,4 mm → both, one marker;
//   Cabauw has 30 mm on 6 Jan: not a station of the sites.

let db: Database;

beforeAll(async () => {
  db = await membersDatabase();
  await db.run(`INSERT INTO weather_stations (code, name, lat, lon) VALUES
    (260, 'De Bilt', 52.10, 5.18), (348, 'Cabauw', 51.97, 4.93)`);
  await db.run(`INSERT INTO weather_daily (station_code, day, temp_c, rain_mm, sunshine_h) VALUES
    (260, '2026-01-05', 4, 10, 0), (260, '2026-01-06', 4, 9.9, 0), (260, '2026-01-07', -0.1, 0, 3),
    (260, '2026-01-08', 0, 0, 3), (260, '2026-01-09', -2.5, 12.4, 0), (348, '2026-01-06', 4, 30, 0)`);
});
afterAll(() => db.close());

const scope = (from: string, to: string, sites = [] as { id: number; code: string; name: string }[]) => ({
  from,
  to,
  start: startOfDay(from),
  end: startOfDay(to),
  sites,
});

describe("notable weather on the charts", () => {
  it("marks heavy rain, frost and heat at the sites' stations, one marker a day", async () => {
    const marks = await weatherDays(db, scope("2026-01-01", "2026-01-31"));
    expect(marks.map((mark) => [mark.kind, mark.date, mark.site, mark.text])).toEqual([
      ["weather", "2026-01-05", null, "10,0 mm regen in De Bilt"],
      ["weather", "2026-01-07", null, "Vorst (gemiddeld -0,1 °C) in De Bilt"],
      ["weather", "2026-01-09", null, "12,4 mm regen, vorst (gemiddeld -2,5 °C) in De Bilt"],
    ]);
  });

  it("keeps to the period and the chosen sites", async () => {
    expect(await weatherDays(db, scope("2026-01-06", "2026-01-08"))).toHaveLength(1);
    const a = await weatherDays(db, scope("2026-01-05", "2026-01-05", [{ id: 1, code: "a", name: "A" }]));
    expect(a.map((mark) => mark.text)).toEqual(["10,0 mm regen in De Bilt"]);
  });
});
