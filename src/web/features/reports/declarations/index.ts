import type { ReportDeclaration } from "../../../components/reports/declaration.ts";
import { acquisition } from "./acquisition.ts";
import { AD_DECLARATIONS } from "./ad-platforms.ts";
import { contentLandingPages, contentPages, itemFlow, vouchers, vouchersFlow } from "./behaviour.ts";
import { usersFlow, usersGeo, usersRecognition, usersType, usersUnique } from "./customers.ts";
import { trxItems, trxRevenue, trxSales } from "./transactions.ts";

/** The declared report screens by path (/reports/<id>); a path without one shows the placeholder. */
export const REPORT_DECLARATIONS: Record<string, ReportDeclaration> = Object.fromEntries(
  [
    trxSales,
    trxRevenue,
    trxItems,
    usersRecognition,
    usersUnique,
    usersType,
    usersFlow,
    usersGeo,
    acquisition,
    ...AD_DECLARATIONS,
    vouchers,
    vouchersFlow,
    itemFlow,
    contentPages,
    contentLandingPages,
  ].map((declaration) => [`/reports/${declaration.id}`, declaration as ReportDeclaration]),
);
