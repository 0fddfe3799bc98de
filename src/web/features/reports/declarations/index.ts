import type { BuiltReportId } from "../../../../shared/reports/catalogue.ts";
import type { ReportDeclaration } from "../../../components/reports/declaration.ts";
import { acquisition } from "./acquisition.ts";
import { AD_DECLARATIONS } from "./ad-platforms.ts";
import { contentLandingPages, contentPages, itemFlow, vouchers, vouchersFlow } from "./behaviour.ts";
import { usersFlow, usersGeo, usersRecognition, usersType, usersUnique } from "./customers.ts";
import { forecast } from "./forecast/index.ts";
import { membershipCohorts, membershipMembers, memberships } from "./memberships/index.ts";
import { trxItems, trxRevenue, trxSales } from "./transactions.ts";

/** The reports with a screen under /reports: every built one but the dashboard, which is a page of its own. */
type DeclaredReportId = Exclude<BuiltReportId, "dashboard">;

// A built report without its declaration here, or a declaration under another report's id, is a type error.
const DECLARATIONS = {
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
  acquisition,
  ...AD_DECLARATIONS,
  vouchers,
  "vouchers/flow": vouchersFlow,
  "item-flow": itemFlow,
  "content-pages": contentPages,
  "content-landing-pages": contentLandingPages,
} satisfies { [Id in DeclaredReportId]: ReportDeclaration<Id> };

/** The declared report screens by path (/reports/<id>); a path without one shows the placeholder. */
export const REPORT_DECLARATIONS: Record<string, ReportDeclaration> = Object.fromEntries(
  Object.values(DECLARATIONS).map((declaration) => [
    `/reports/${declaration.id}`,
    declaration as ReportDeclaration,
  ]),
);
