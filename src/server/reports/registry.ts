import type { BuiltReportId } from "../../shared/reports/catalogue.ts";
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
import { forecast } from "./forecast/forecast.ts";
import { membershipCohorts } from "./memberships/cohorts.ts";
import { membershipMembers } from "./memberships/members.ts";
import { memberships } from "./memberships/memberships.ts";
import { trxItems } from "./transactions/trx-items.ts";
import { trxRevenue } from "./transactions/trx-revenue.ts";
import { trxSales } from "./transactions/trx-sales.ts";

// Every built report of the catalogue, by id: a built report without its module here, or a module under
// another report's id, is a type error.

const MODULES = {
  dashboard,
  "trx-sales": trxSales,
  "trx-revenue": trxRevenue,
  "trx-items": trxItems,
  memberships,
  "memberships/cohorts": membershipCohorts,
  "memberships/members": membershipMembers,
  forecast,
  "users-recognition": usersRecognition,
  "users-unique": usersUnique,
  "users-type": usersType,
  "users-flow": usersFlow,
  "users-geo": usersGeo,
  ...adReports,
  acquisition,
  vouchers,
  "vouchers/flow": vouchersFlow,
  "item-flow": itemFlow,
  "content-pages": contentPages,
  "content-landing-pages": contentLandingPages,
} satisfies { [Id in BuiltReportId]: ReportModule<Id> };

const modules: ReportModule[] = Object.values(MODULES);

export const REPORTS = new Map(modules.map((module) => [module.id as string, module]));

/** Every report id with a module, for the benchmark and the index endpoint. */
export const REPORT_IDS = modules.map((module) => module.id);
