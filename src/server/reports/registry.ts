import { acquisition } from "./acquisition/acquisition.ts";
import { adReports } from "./acquisition/ad-report.ts";
import { contentLandingPages } from "./behaviour/content-landing-pages.ts";
import { contentPages } from "./behaviour/content-pages.ts";
import { itemFlow } from "./behaviour/item-flow.ts";
import { vouchers } from "./behaviour/vouchers.ts";
import { vouchersFlow } from "./behaviour/vouchers-flow.ts";
import { usersFlow } from "./customers/users-flow.ts";
import { usersGeo } from "./customers/users-geo.ts";
import { usersRecognition } from "./customers/users-recognition.ts";
import { usersType } from "./customers/users-type.ts";
import { usersUnique } from "./customers/users-unique.ts";
import { dashboard } from "./dashboard.ts";
import type { ReportModule } from "./define-report.ts";
import { trxItems } from "./transactions/trx-items.ts";
import { trxRevenue } from "./transactions/trx-revenue.ts";
import { trxSales } from "./transactions/trx-sales.ts";

// Every built report of the catalogue, by id. catalogue.test.ts fails when a built entry has no module here.

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
  ...adReports,
  acquisition,
  vouchers,
  vouchersFlow,
  itemFlow,
  contentPages,
  contentLandingPages,
];

export const REPORTS = new Map(MODULES.map((module) => [module.id as string, module]));

/** Every report id with a module, for the benchmark and the index endpoint. */
export const REPORT_IDS = MODULES.map((module) => module.id);

/** Every derived table any report reads, once each: the refresher (derived-refresher.ts) runs them all. */
export const DERIVED_SYNCS = [...new Set(MODULES.flatMap((module) => module.syncs))];
