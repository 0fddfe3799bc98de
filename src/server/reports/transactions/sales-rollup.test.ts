import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FIXTURE_IDS,
  insertTransaction,
  openFixtureDatabase,
} from "../../../../tests/api/fixtures/reports-fixture.ts";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";
import type { Database } from "../../db/database.ts";
import { runReport } from "../define-report.ts";
import { parseReportFilters } from "../filters.ts";
import { trxSales } from "./trx-sales.ts";

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

describe("hourly sums of the sales", () => {
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
});
