import type { AdStatRow } from "../../shared/ad-stats.ts";
import {
  type ImportPreview,
  type ImportResult,
  type ImportTotals,
  importRequestSchema,
  PREVIEW_ROWS,
} from "../../shared/imports.ts";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/database.ts";
import { validationError } from "../http/errors.ts";
import { formats, type ParseResult, parseAdExport } from "../ingest/csv/parse-ad-export.ts";
import { decodeExport } from "./decode.ts";
import { importEmpty, importHasErrors } from "./refusals.ts";
import { periodsOf, replaceAdStats, withExistingRows } from "./replace-ad-stats.ts";

type Request = ReturnType<typeof importRequestSchema.parse>;

export function parseImportRequest(body: unknown): Request {
  const parsed = importRequestSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function parse(request: Request): ParseResult {
  const text = decodeExport(Buffer.from(request.content, "base64"));
  const hint = { platform: request.platform ?? undefined, account: request.account ?? undefined };
  const result = parseAdExport(text, hint);
  // Affiliate networks' exports name no account. Their network is the account unless one is given:
  // a Daisycon and a TradeTracker file of the same days then each replace only their own rows.
  const network = formats.find(
    (spec) => spec.variant && result.format.startsWith(`${spec.platform}.${spec.variant}.`),
  );
  if (!hint.account && network && result.errors.some((error) => error.field === "account")) {
    return parseAdExport(text, { ...hint, account: network.label });
  }
  return result;
}

function totals(rows: AdStatRow[]): ImportTotals {
  const sum = (pick: (row: AdStatRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    impressions: sum((row) => row.impressions),
    clicks: sum((row) => row.clicks),
    spendCents: sum((row) => row.spendCents),
    // Platforms attribute fractions of conversions; the sum keeps the precision they report.
    conversions: Math.round(sum((row) => row.conversions) * 1e6) / 1e6,
    conversionValueCents: sum((row) => row.conversionValueCents),
  };
}

const byDate = (a: AdStatRow, b: AdStatRow) =>
  a.date.localeCompare(b.date) || a.account.localeCompare(b.account) || a.campaign.localeCompare(b.campaign);

/** What an import of the file would do, without storing anything. */
export async function previewImport(db: Database, request: Request): Promise<ImportPreview> {
  const parsed = parse(request);
  const periods = parsed.platform ? await withExistingRows(db, parsed.platform, periodsOf(parsed.rows)) : [];
  return {
    fileName: request.fileName,
    platform: parsed.platform,
    format: parsed.format,
    rowsRead: parsed.rowsRead,
    rowsToImport: parsed.rows.length,
    errors: parsed.errors,
    periods,
    totals: totals(parsed.rows),
    rows: [...parsed.rows].sort(byDate).slice(0, PREVIEW_ROWS),
  };
}

/**
 * Imports the file: all of it or nothing. A file with errors is refused, because importing only its
 * good lines would replace a period with incomplete figures.
 */
export async function commitImport(
  db: Database,
  actorEmail: string,
  request: Request,
): Promise<ImportResult> {
  const parsed = parse(request);
  if (parsed.errors.length > 0) throw importHasErrors(parsed.errors);
  if (parsed.rows.length === 0 || !parsed.platform) throw importEmpty();
  const summary = {
    fileName: request.fileName,
    platform: parsed.platform,
    format: parsed.format,
    rowsRead: parsed.rowsRead,
    rowsToImport: parsed.rows.length,
  };
  const stored = await replaceAdStats(db, parsed.rows, (tx, replaced) =>
    writeAudit(tx, actorEmail, {
      action: "imported",
      entity: "adStats",
      entityId: parsed.platform,
      before: { periods: replaced.periods },
      after: { ...summary, inserted: replaced.inserted, replaced: replaced.replaced },
    }),
  );
  return { ...summary, errors: [], totals: totals(parsed.rows), ...stored };
}
