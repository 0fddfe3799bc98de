import type { ReportDeclaration } from "../../../components/reports/declaration.ts";
import { trxItems, trxRevenue, trxSales } from "./transactions.ts";

/** The declared report screens by path; a path without one shows the placeholder. */
export const REPORT_DECLARATIONS: Record<string, ReportDeclaration> = {
  "/reports/trx-sales": trxSales,
  "/reports/trx-revenue": trxRevenue,
  "/reports/trx-items": trxItems,
};
