import type { Database } from "../db/database.ts";
import { planAds, writeAdRows } from "./ads.ts";
import { demoDays } from "./calendar.ts";
import { SITES } from "./catalog.ts";
import { insertCatalog } from "./dimensions.ts";
import { importDemoWeather } from "./knmi-history.ts";
import { Random } from "./random.ts";
import { SalesWriter } from "./sales.ts";
import { demoWriters } from "./tables.ts";
import { writeDemoTargets } from "./targets.ts";
import { VoucherBook } from "./vouchers.ts";
import { WashClub } from "./wash-club.ts";
import { writeClubEvents } from "./wash-club-events.ts";
import { WashSimulator } from "./washes.ts";
import { weatherSeries } from "./weather.ts";
import { WebSimulator } from "./web.ts";

// The demo chain (DESIGN section 6): deterministic for a seed and a `today`, generated in memory day by day
// and bulk-loaded through appenders, all in one transaction so that an interrupted run leaves nothing.

export interface DemoOptions {
  seed: number;
  /** 1 = about 500 washes per site per day; 10 for benchmarks. */
  scale: number;
  /** The last day of data; its data stops at this moment. */
  today: Date;
  /** Length of the period in days, default two years. */
  days?: number;
  onProgress?: (message: string) => void;
  /**
   * Commit after every month instead of once at the end. One transaction keeps an interrupted run from
   * leaving half a chain, but DuckDB holds a transaction's new index entries in memory until it commits;
   * at benchmark scales that runs into gigabytes. Default: only above scale 1.
   */
  commitMonthly?: boolean;
}

export interface DemoSummary {
  rows: Record<string, number>;
  durationMs: number;
}

export const TWO_YEARS = 731;

/** True when the database holds no chain yet: no sites and no facts (users may exist). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM sites) + (SELECT count(*) FROM plate_reads) + (SELECT count(*) FROM transactions)
       + (SELECT count(*) FROM web_sessions) + (SELECT count(*) FROM ad_stats_daily) AS n`,
  );
  return row.n === 0;
}

export async function generateDemoData(db: Database, options: DemoOptions): Promise<DemoSummary> {
  const started = performance.now();
  const { scale } = options;
  const progress = options.onProgress ?? (() => {});
  const days = demoDays(options.today, options.days ?? TWO_YEARS);
  const rng = new Random(options.seed);
  const commitMonthly = options.commitMonthly ?? scale > 1;

  const rows = await db.transaction(async (tx, connection) => {
    const catalog = await insertCatalog(tx, days);
    const writers = demoWriters();
    for (const writer of Object.values(writers)) await writer.open(connection);

    const weather = weatherSeries(days, rng.fork("weather"));
    const vouchers = new VoucherBook(rng.fork("vouchers"), days);
    const sales = new SalesWriter(writers.transactions, writers.transaction_lines);
    const washes = new WashSimulator(
      rng.fork("washes"),
      scale,
      days,
      weather,
      catalog,
      sales,
      vouchers,
      writers.plate_reads,
    );
    const web = new WebSimulator(rng.fork("web"), scale, catalog, washes.customers, sales, vouchers, {
      sessions: writers.web_sessions,
      pageviews: writers.pageviews,
      events: writers.web_events,
    });
    const adRng = rng.fork("ads");
    const clubRng = rng.fork("wash-club");
    const club = new WashClub({
      rng: clubRng.fork("members"),
      decisions: clubRng.fork("payments"),
      customers: washes.customers,
      catalog,
      sales,
      days,
      // The chain's data starts on the first day; so do its memberships, as if imported then (see wash-club.ts).
      importAt: days[0].startMs,
      newcomerPrefix: "M",
      memberActions: true,
      sink: (events) =>
        writeClubEvents(
          events,
          { events: writers.membership_events, plates: writers.membership_event_plates },
          catalog,
        ),
    });
    washes.club = club;
    web.club = club;

    for (const day of days) {
      club.startDay(day);
      for (const promotion of catalog.promotions) {
        const starts =
          promotion.validFrom === day.date || (day.index === 0 && promotion.validFrom < day.date);
        if (starts && promotion.channel === "flyer")
          vouchers.printFlyers(promotion, day.index, Math.round(3000 * scale), SITES.length);
      }
      // Interest in washing (searches, ad reach) follows the season, more gently than the washes themselves.
      const interest = 0.7 + 0.3 * weather[day.index].demand;
      const units = planAds(day, adRng, scale, interest);
      web.simulateDay(day, units, interest, day.index / days.length);
      writeAdRows(day, units, writers.ad_stats_daily, adRng);
      washes.simulateDay(day);
      club.endDay();
      const next = days[day.index + 1];
      if (!next || next.month !== day.month) {
        progress(`demodata ${day.date.slice(0, 7)}: ${Math.round(((day.index + 1) / days.length) * 100)} %`);
        if (commitMonthly && next) {
          for (const writer of Object.values(writers)) writer.close();
          await connection.run("COMMIT");
          await connection.run("BEGIN TRANSACTION");
          for (const writer of Object.values(writers)) await writer.open(connection);
        }
      }
    }
    vouchers.write(writers.vouchers);
    for (const writer of Object.values(writers)) writer.close();

    // Ids were handed out here; move the sequences past them so later inserts continue after.
    const advance = [
      ["transactions_id_seq", sales.lastId],
      ["web_sessions_id_seq", web.lastSessionId],
      ["vouchers_id_seq", vouchers.all.length],
    ] as const;
    for (const [sequence, last] of advance) {
      await tx.run(`SELECT max(nextval('${sequence}')) FROM range($1)`, [last]);
    }
    return Object.fromEntries(Object.entries(writers).map(([table, writer]) => [table, writer.rows]));
  });
  await importDemoWeather(db, days, weatherSeries(days, rng.fork("weather")));
  // this year's targets, from last year's months
  await writeDemoTargets(db, `${(days.at(-1) as (typeof days)[number]).date.slice(0, 4)}-01-01`);
  await db.run("CHECKPOINT");
  return { rows, durationMs: Math.round(performance.now() - started) };
}
