import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRow } from "../../src/shared/reports/envelope.ts";
import { reportReader } from "./fixtures/customers-fixture.ts";
import {
  type FixtureExtension,
  type FixtureTransaction,
  insertTransaction,
  type ReportsServer,
  startReportsServer,
} from "./fixtures/reports-fixture.ts";

// Subscription washes (sales paid 'abonnement') are member washes, not sales at € 0: they count as washes and
// are shown apart, and no average price or ticket is pulled down by them. A week of its own, Mon 1 – Sun 7
// June 2026 at Utrecht Centrum (the base fixture has nothing there), compared with nothing:
//   M1 Mon pin: Premium € 18,15
//   M2 Mon pin: Premium € 18,15 + Velgenreiniging € 3,63 = € 21,78
//   M3 Tue abonnement: Premium, fully discounted by the till (as subscription washes come in) → € 0
//   M4 Tue abonnement: Basis, fully discounted → € 0
//   M5 Wed pin: Basis with a 50 % voucher: € 12,10 − € 6,05 = € 6,05
// Programmakeuze — verkoop (trx-items):
//   Premium: 3 sold, 1 on a subscription, € 36,30 → average price € 36,30 ÷ 2 paid = € 18,15 (was ÷ 3 = € 12,10)
//   Basis: 2 sold, 1 on a subscription, € 6,05 → € 6,05 ÷ 1 = € 6,05 (the voucher's discount does count)
//   KPIs: 5 programmes (cars washed), 2 subscription washes, average programme price € 42,35 ÷ 3 = € 14,1167
// Transacties (trx-sales): 5 transactions, of which 2 member washes; revenue € 45,98; average ticket over the
//   3 paid sales € 45,98 ÷ 3 = € 15,3267 (was ÷ 5 = € 9,196); per payment method Abonnement: 2 member washes,
//   no average ticket; Pin: 3 sales, € 15,3267.

const PERIOD = "from=2026-06-01&to=2026-06-07&compare=none";
const sale = (
  id: string,
  at: string,
  payment: FixtureTransaction["payment"],
  lines: FixtureTransaction["lines"],
) => ({ id, site: "utrecht", at, payment, lines }) satisfies FixtureTransaction;
const SALES: FixtureTransaction[] = [
  sale("M1", "2026-06-01T08:00:00Z", "pin", [["premium"]]),
  sale("M2", "2026-06-01T09:00:00Z", "pin", [["premium"], ["velgen"]]),
  sale("M3", "2026-06-02T08:00:00Z", "abonnement", [["premium", 1815]]),
  sale("M4", "2026-06-02T09:00:00Z", "abonnement", [["basis", 1210]]),
  sale("M5", "2026-06-03T08:00:00Z", "pin", [["basis", 605]]),
];
const extendWithMemberWashes: FixtureExtension = async (db, ids) => {
  for (const t of SALES) await insertTransaction(db, ids, t);
};

let server: ReportsServer;
const { report, kpi, table } = reportReader(() => server);

beforeAll(async () => {
  server = await startReportsServer({ extend: [extendWithMemberWashes] });
}, 120_000);
afterAll(() => server?.stop());

const rowWhere = (rows: TableRow[], key: string, value: string) => {
  const found = rows.find((row) => row[key] === value);
  if (!found) throw new Error(`no row ${key} = ${value}`);
  return found;
};

describe("Subscription washes are member washes, not € 0 sales", () => {
  it("averages a programme's price over its paid lines and shows its subscription washes apart", async () => {
    const body = await report("trx-items", PERIOD);
    const programmes = table(body, "programmes").rows;
    expect(rowWhere(programmes, "item", "Premium")).toMatchObject({
      quantity: 3,
      subscription_washes: 1,
      revenue: 3630,
      average_price: 1815,
    });
    expect(rowWhere(programmes, "item", "Basis")).toMatchObject({
      quantity: 2,
      subscription_washes: 1,
      revenue: 605,
      average_price: 605,
    });
    expect(kpi(body, "programmes").value).toBe(5);
    expect(kpi(body, "subscription_washes").value).toBe(2);
    expect(kpi(body, "programme_price").value).toBeCloseTo(4235 / 3, 6);
  });

  it("counts member washes apart and takes the average ticket over paid sales", async () => {
    const body = await report("trx-sales", PERIOD);
    expect(kpi(body, "transactions").value).toBe(5);
    expect(kpi(body, "member_washes").value).toBe(2);
    expect(kpi(body, "revenue").value).toBe(4598);
    expect(kpi(body, "average_ticket").value).toBeCloseTo(4598 / 3, 6);
    const methods = table(body, "by_payment_method").rows;
    expect(rowWhere(methods, "payment_method", "Abonnement")).toMatchObject({
      transactions: 2,
      member_washes: 2,
      average_ticket: null,
    });
    expect(rowWhere(methods, "payment_method", "Pin").average_ticket).toBeCloseTo(4598 / 3, 6);
    const utrecht = rowWhere(table(body, "by_site").rows, "site", "Utrecht Centrum");
    expect(utrecht).toMatchObject({ transactions: 5, member_washes: 2 });
    expect(utrecht.average_ticket).toBeCloseTo(4598 / 3, 6);
  });
});
