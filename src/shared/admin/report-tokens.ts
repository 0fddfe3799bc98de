import { z } from "../zod-nl.ts";
import { requiredText } from "./fields.ts";

// Read-only API tokens for BI tools (Excel Power Query, Power BI): GET /api/reports/* and nothing else.

export const reportTokenScopes = ["reports"] as const;
export type ReportTokenScope = (typeof reportTokenScopes)[number];

export const reportTokenCreateSchema = z.object({
  name: requiredText("een naam", 100),
  scope: z.enum(reportTokenScopes, { message: "Kies waarvoor het token geldt." }).default("reports"),
});
export type ReportTokenCreate = z.input<typeof reportTokenCreateSchema>;

export interface AdminReportToken {
  id: number;
  name: string;
  prefix: string;
  scope: ReportTokenScope;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to issuing a token: the only time its secret is ever shown. */
export interface CreatedReportToken extends AdminReportToken {
  secret: string;
}
