import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Site } from "../warehouse/sites.ts";
import { siteForecasts } from "./site-forecasts.ts";
import { prepareTodayForecasts, todayForecast } from "./today.ts";

// The kept forecasts are shared by asks that arrive together: the dashboard asks for the same sites' forecasts
// three times at once (its tiles, its month target, its expected line), and a day's first request read and
// fitted every site three times over. Each test counts the statements that read a site's washes for a fit
// (forecastWashesSql) on a real database, on a day of its own, so that no other test's forecasts are kept.

let db: Database;
let sites: Site[];

beforeAll(async () => {
  db = await migratedDatabase();
  await db.run(`INSERT INTO sites (code, name, city, postcode, lat, lon) VALUES
    ('a', 'A', 'Utrecht', '3511AA', 52.09, 5.12), ('b', 'B', 'Houten', '3991AA', 52.03, 5.17)`);
  sites = await db.query<Site>("SELECT id, code, name FROM sites ORDER BY name");
});
afterAll(() => db.close());

const FIT_READ = /^SELECT site_id, day, sum\(quantity\)/;
const VERSION_READ = /^SELECT site_id, list_sort\(list\(part/;

/**
 * The database (or `over`, a snapshot), counting the reads of washes for a fit and of the inputs' versions;
 * `failFirst` makes the first fit read fail.
 */
function counted(options: { failFirst?: boolean } = {}, over: Queryable = db) {
  const seen = { fitReads: 0, versionReads: 0 };
  const queryable: Queryable = {
    query: (sql, params) => {
      if (VERSION_READ.test(sql)) seen.versionReads++;
      if (FIT_READ.test(sql)) {
        seen.fitReads++;
        if (options.failFirst && seen.fitReads === 1) return Promise.reject(new Error("read failed"));
      }
      return over.query(sql, params);
    },
    run: (sql, params) => over.run(sql, params),
  };
  return { queryable, seen };
}

describe("siteForecasts", () => {
  it("reads and fits the sites once for three asks at once, and not again after", async () => {
    const { queryable, seen } = counted();
    const asks = Array.from({ length: 3 }, () =>
      siteForecasts(queryable, sites, "2026-03-02", { backtest: false }),
    );
    const answers = await Promise.all(asks);
    expect(seen.fitReads).toBe(1);
    expect(answers.map((answer) => answer.map((site) => site.siteId))).toEqual(
      Array(3).fill(sites.map((site) => site.id)),
    );
    await siteForecasts(queryable, sites, "2026-03-02", { backtest: false });
    expect(seen.fitReads).toBe(1);
  });

  it("keeps no failed read: the next ask reads again and answers", async () => {
    const { queryable, seen } = counted({ failFirst: true });
    await expect(siteForecasts(queryable, sites, "2026-03-03", { backtest: false })).rejects.toThrow(
      "read failed",
    );
    const answer = await siteForecasts(queryable, sites, "2026-03-03", { backtest: false });
    expect(seen.fitReads).toBe(2);
    expect(answer.map((site) => site.siteId)).toEqual(sites.map((site) => site.id));
  });
});

describe("the inputs' versions", () => {
  it("are read once per snapshot, however often a report asks (the dashboard asks four times)", async () => {
    await db.snapshot(async (tx) => {
      const { queryable, seen } = counted({}, tx);
      const ask = () => siteForecasts(queryable, sites, "2026-03-05", { backtest: false });
      await Promise.all([ask(), ask(), ask(), ask()]);
      await ask();
      expect(seen.versionReads).toBe(1);
    });
  });

  it("are read at rest once per write to the database, and a new forecast's weather is a new version", async () => {
    const query = vi.spyOn(db, "query");
    const versionReads = () => query.mock.calls.filter(([sql]) => VERSION_READ.test(sql)).length;
    try {
      const [a] = await siteForecasts(db, sites, "2026-03-06", { backtest: false });
      await siteForecasts(db, sites, "2026-03-06", { backtest: false });
      expect(versionReads()).toBe(1);
      await db.run(
        `INSERT INTO weather_forecasts VALUES ($1, DATE '2026-03-06', 8, 2, 1, TIMESTAMPTZ '2026-03-06 05:00:00+00')`,
        [sites[0].id],
      );
      const [again] = await siteForecasts(db, sites, "2026-03-06", { backtest: false });
      expect(versionReads()).toBe(2);
      expect(again.version).not.toBe(a.version);
    } finally {
      query.mockRestore();
    }
  });
});

describe("prepareTodayForecasts", () => {
  it("fits every active site's forecast, so that the dashboard's first ask over all sites reads none", async () => {
    const now = new Date("2026-03-04T10:00:00Z");
    const { queryable, seen } = counted();
    await prepareTodayForecasts(queryable, now);
    expect(seen.fitReads).toBe(1);
    await todayForecast(queryable, sites, now);
    expect(seen.fitReads).toBe(1);
  });
});
