import type { ReportDeclaration } from "../../../components/reports/declaration.ts";
import { usersFlow, usersGeo, usersRecognition, usersType, usersUnique } from "./customers.ts";
import { trxItems, trxRevenue, trxSales } from "./transactions.ts";

/** The declared report screens by path; a path without one shows the placeholder. */
export const REPORT_DECLARATIONS: Record<string, ReportDeclaration> = {
  "/reports/trx-sales": trxSales,
  "/reports/trx-revenue": trxRevenue,
  "/reports/trx-items": trxItems,
  "/reports/users-recognition": usersRecognition,
  "/reports/users-unique": usersUnique,
  "/reports/users-type": usersType,
  "/reports/users-flow": usersFlow,
  "/reports/users-geo": usersGeo,
};
