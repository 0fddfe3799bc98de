import type { ReportEnvelope } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { usersFlow } from "./customers/users-flow.ts";
import { usersGeo } from "./customers/users-geo.ts";
import { usersRecognition } from "./customers/users-recognition.ts";
import { usersType } from "./customers/users-type.ts";
import { usersUnique } from "./customers/users-unique.ts";
import { dashboard } from "./dashboard.ts";
import type { ReportFilters } from "./filters.ts";
import { trxItems } from "./transactions/trx-items.ts";
import { trxRevenue } from "./transactions/trx-revenue.ts";
import { trxSales } from "./transactions/trx-sales.ts";

/** A report: one query module answering `GET /api/reports/<id>` with the envelope. */
export interface ReportModule {
  /** The report's path under /reports (`trx-sales`, `facebook/campaigns`); the dashboard is `dashboard`. */
  id: string;
  run: (db: Queryable, filters: ReportFilters) => Promise<ReportEnvelope>;
}

const MODULES: ReportModule[] = [
  dashboard,
  trxSales,
  trxRevenue,
  trxItems,
  usersRecognition,
  usersUnique,
  usersType,
  usersFlow,
  usersGeo,
];

export const REPORTS = new Map(MODULES.map((module) => [module.id, module]));

/** Every report id, for the benchmark and the index endpoint. */
export const REPORT_IDS = MODULES.map((module) => module.id);
