import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FIXTURE_IDS,
  insertTransaction,
  openFixtureDatabase,
} from "../../../../../tests/api/fixtures/reports-fixture.ts";
import type { ReportEnvelope } from "../../../../shared/reports/envelope.ts";
import type { Database } from "../../../db/database.ts";
import { runReport } from "../../../reports/define-report.ts";
import { parseReportFilters } from "../../../reports/filters.ts";
import { trxSales } from "../../../reports/transactions/trx-sales.ts";
import { emptyDerived } from "../../additive-sync.ts";
import { SALES_SUMS, syncSalesHourly } from "./sales-rollup.ts";

// The hourly sums against the facts, on the fixture (tests/api/fixtures/reports-fixture.ts): a period that
// runs to the middle of an hour, and facts that arrive after the sums were made.

let db: Database;
beforeEach(async () => {
  db = await openFixtureDatabase();
});
afterEach(() => db.close());

const transactionsToday = async (now: string) => {
  const envelope: ReportEnvelope = await runReport(
    trxSales,
    db,
    await parseReportFilters({ period: "today" }, db, new Date(now), trxSales.entry),
  );
  return envelope.kpis.find((kpi) => kpi.key === "transactions")?.value;
};

describe("hourly and daily sums of the sales", () => {
  it("take the unfinished last hour of a period from the facts", async () => {
    // 02:45 CEST on Sunday 25 October: C4 (00:30 CEST) and C5 (02:30 CEST, in the unfinished hour).
    expect(await transactionsToday("2026-10-25T00:45:00Z")).toBe(2);
  });

  it("catch up with facts that arrive later, also in an hour already summed", async () => {
    expect(await transactionsToday("2026-10-25T02:00:00Z")).toBe(3); // C4, C5, C6
    await insertTransaction(db, FIXTURE_IDS, {
      id: "L1",
      site: "zeist",
      at: "2026-10-25T01:10:00Z",
      payment: "pin",
      lines: [["basis"]],
    });
    expect(await transactionsToday("2026-10-25T02:00:00Z")).toBe(4);
    const [sync] = await db.query<{ transactions: number }>("SELECT transactions FROM sales_hourly_sync");
    expect(sync.transactions).toBe((await db.query("SELECT * FROM transactions")).length);
  });

  it("stay in hour order and equal a rebuild from the facts after late and out-of-order sales", async () => {
    // The first sync sums all fixture sales in one batch: its rows come in hour order, so a period's
    // filter skips the rest of the table (migration 095).
    await syncSalesHourly(db);
    const outOfOrder = await db.query<{ rows: number }>(`SELECT count(*) AS rows FROM (
      SELECT hour_start < lag(hour_start) OVER (ORDER BY rowid) AS before FROM sales_hourly) WHERE before`);
    expect(outOfOrder[0].rows).toBe(0);

    // Then, out of order: a sale of next week first, then a late one in C2's hour (Tue 20 Oct, 17:00 CEST,
    // Utrecht, pin) and one in a new hour before it.
    const late: [string, string][] = [
      ["L2", "2026-10-27T09:15:00Z"],
      ["L3", "2026-10-20T15:40:00Z"],
      ["L4", "2026-10-19T08:05:00Z"],
    ];
    for (const [id, at] of late) {
      await insertTransaction(db, FIXTURE_IDS, {
        id,
        site: "utrecht",
        at,
        payment: "pin",
        lines: [["basis"], ["velgen"]],
      });
    }
    await syncSalesHourly(db);

    // C2 (premium + velgen, 1815 + 363) and L3 (basis + velgen, 1210 + 363): two sales, both with an extra.
    const [c2Hour] = await db.query<{ transactions: number; revenue_cents: number; with_extra: number }>(
      `SELECT transactions, revenue_cents, with_extra FROM sales_hourly
       WHERE hour_start = '2026-10-20T15:00:00Z' AND payment_method = 'pin'`,
    );
    expect(c2Hour).toEqual({ transactions: 2, revenue_cents: 1815 + 363 + 1210 + 363, with_extra: 2 });

    // Per local (Amsterdam) day, not per UTC date (migration 096): Utrecht's pin sales on Mon 19 Oct are C1
    // (00:00 CEST, the 18th in UTC) and L4; on Tue 20 Oct C2 and L3; on Sun 25 Oct, the 25-hour day, C5
    // (02:30 CEST) and C6 (02:30 CET); X1 (00:00 CET on the 26th) is the next day's. Zeist's app sale C4
    // (00:30 CEST on the 25th) is the 25th's; S1 (01:30 CET) is Sun 29 March's, S2 (00:30 CEST on the 30th,
    // after the 23-hour day) the 30th's.
    const days = await db.query<{ day: string; site: string; payment_method: string; transactions: number }>(
      `SELECT strftime(d.day, '%Y-%m-%d') AS day, s.code AS site, d.payment_method, d.transactions
       FROM sales_daily d JOIN sites s ON s.id = d.site_id
       WHERE (s.code = 'utrecht' AND d.payment_method = 'pin' AND d.day BETWEEN '2026-10-18' AND '2026-10-26')
         OR (s.code = 'zeist' AND d.payment_method = 'app')
         OR (s.code = 'zeist' AND d.day BETWEEN '2026-03-28' AND '2026-03-31')
       ORDER BY site, day`,
    );
    expect(days).toEqual([
      { day: "2026-10-19", site: "utrecht", payment_method: "pin", transactions: 2 },
      { day: "2026-10-20", site: "utrecht", payment_method: "pin", transactions: 2 },
      { day: "2026-10-24", site: "utrecht", payment_method: "pin", transactions: 1 },
      { day: "2026-10-25", site: "utrecht", payment_method: "pin", transactions: 2 },
      { day: "2026-10-26", site: "utrecht", payment_method: "pin", transactions: 1 },
      { day: "2026-03-29", site: "zeist", payment_method: "pin", transactions: 1 },
      { day: "2026-03-30", site: "zeist", payment_method: "pin", transactions: 1 },
      { day: "2026-10-25", site: "zeist", payment_method: "app", transactions: 1 },
    ]);
    const [c2Day] = await db.query<{ revenue_cents: number; with_extra: number }>(
      `SELECT revenue_cents, with_extra FROM sales_daily d JOIN sites s ON s.id = d.site_id
       WHERE s.code = 'utrecht' AND d.payment_method = 'pin' AND d.day = '2026-10-20'`,
    );
    expect(c2Day).toEqual({ revenue_cents: 1815 + 363 + 1210 + 363, with_extra: 2 });

    const contents = async () =>
      Promise.all(
        ["sales_hourly", "item_sales_hourly", "sales_daily", "item_sales_daily"].map((table) =>
          db.query(`SELECT * FROM ${table} ORDER BY ALL`),
        ),
      );
    const incremental = await contents();
    // A rebuild: emptied with its bookkeeping, the sums are worked out again from all facts at once.
    await emptyDerived(db, SALES_SUMS);
    await syncSalesHourly(db);
    expect(await contents()).toEqual(incremental);
  });

  it("are worked out again, in one transaction, when a sale was taken out of the facts", async () => {
    await syncSalesHourly(db);
    // C4 (Zeist, app, premium + wax: 1815 + 484) deleted with its lines: the rowids no longer tell what is
    // new, so the sync empties the sums and adds all facts again, the same keys inside one transaction.
    const [{ id }] = await db.query<{ id: number }>("SELECT id FROM transactions WHERE event_id = 'C4'");
    await db.run("DELETE FROM transaction_lines WHERE transaction_id = $1", [id]);
    await db.run("DELETE FROM transactions WHERE id = $1", [id]);
    await syncSalesHourly(db);
    const [c4Hour] = await db.query<{ rows: number }>(
      "SELECT count(*) AS rows FROM sales_hourly WHERE hour_start = '2026-10-24T22:00:00Z' AND payment_method = 'app'",
    );
    expect(c4Hour.rows).toBe(0);
    const [facts] = await db.query<{ transactions: number; lines: number }>(
      `SELECT (SELECT count(*) FROM transactions) AS transactions,
        (SELECT sum(quantity) FROM transaction_lines) AS lines`,
    );
    for (const [sales, items] of [
      ["sales_hourly", "item_sales_hourly"],
      ["sales_daily", "item_sales_daily"],
    ]) {
      const [sums] = await db.query<{ transactions: number; lines: number }>(
        `SELECT (SELECT sum(transactions) FROM ${sales}) AS transactions,
          (SELECT sum(quantity) FROM ${items}) AS lines`,
      );
      expect(sums).toEqual(facts);
    }
    // C4's day at Zeist (Sun 25 Oct) keeps no app sales.
    const [c4Day] = await db.query<{ rows: number }>(
      "SELECT count(*) AS rows FROM sales_daily WHERE day = '2026-10-25' AND payment_method = 'app'",
    );
    expect(c4Day.rows).toBe(0);
  });
});
