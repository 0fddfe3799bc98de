import type { AdPlatform } from "../../../shared/ad-stats";
import { normaliseHeader } from "./values";

// An export format is declared, not programmed: which headers feed which field. parse-ad-export.ts reads
// every format the same way, and each field has one parser (a count, money, a date …) for all formats.

export type Field =
  | "account"
  | "date"
  /** "Reporting starts"/"Reporting ends": accepted as the date when both are the same day. */
  | "periodStart"
  | "periodEnd"
  | "campaign"
  | "adGroup"
  | "ad"
  | "keyword"
  | "matchType"
  | "qualityScore"
  | "affiliate"
  | "impressions"
  | "reach"
  | "clicks"
  | "spendCents"
  | "conversions"
  | "conversionValueCents"
  /** Rows in another currency than EUR are refused. */
  | "currency"
  /** Transaction exports: rejected transactions are left out. */
  | "status"
  /** Transaction exports: without a conversions column, every row is one conversion. */
  | "transactionId";

/** A header, or a list of headers whose values are added up ("Leads" + "Sales"). */
export type Alias = string | readonly string[];

export interface FormatSpec {
  platform: AdPlatform;
  /** Names the platform in messages. */
  label: string;
  /** A network within the platform, part of the format name ("daisycon"). */
  variant?: string;
  /** Per field, the headers that may carry it, preferred first. English and Dutch. */
  columns: Partial<Record<Field, readonly Alias[]>>;
  /** Fields the file must have; an inner list means one of those. */
  required: readonly (Field | readonly Field[])[];
  /** When set, at least one of these headers must be present: it tells networks with alike columns apart. */
  signature?: readonly string[];
  /** The report kind from the columns present ("keyword", "adset", …). */
  kind: (has: (field: Field) => boolean) => string;
}

export interface Column {
  /** Cell positions; more than one when an alias adds several columns up. */
  indexes: number[];
  /** The header as written in the file, for messages. */
  header: string;
}

export interface ResolvedFormat {
  spec: FormatSpec;
  /** "google_ads.keyword", "affiliate.daisycon.transactions". */
  format: string;
  columns: Map<Field, Column>;
}

export function resolveFormat(headerCells: string[], specs: readonly FormatSpec[]): ResolvedFormat | null {
  const positions = new Map<string, number>();
  headerCells.forEach((cell, index) => {
    const key = normaliseHeader(cell);
    if (key !== "" && !positions.has(key)) positions.set(key, index);
  });
  const find = (header: string) => positions.get(normaliseHeader(header));

  let best: { resolved: ResolvedFormat; score: number } | null = null;
  for (const spec of specs) {
    if (spec.signature && !spec.signature.some((header) => find(header) !== undefined)) continue;
    const columns = new Map<Field, Column>();
    for (const [field, aliases] of Object.entries(spec.columns) as [Field, readonly Alias[]][]) {
      for (const alias of aliases) {
        const headers = typeof alias === "string" ? [alias] : alias;
        const indexes = headers.map(find);
        if (indexes.every((index) => index !== undefined)) {
          columns.set(field, {
            indexes,
            header: indexes.map((index) => headerCells[index].trim()).join(" + "),
          });
          break;
        }
      }
    }
    const has = (field: Field) => columns.has(field);
    const complete = spec.required.every((need) => (typeof need === "string" ? has(need) : need.some(has)));
    if (!complete) continue;
    const score = columns.size + (spec.signature ? 1 : 0);
    if (!best || score > best.score) {
      const format = [spec.platform, spec.variant, spec.kind(has)].filter(Boolean).join(".");
      best = { resolved: { spec, format, columns }, score };
    }
  }
  return best?.resolved ?? null;
}

/** "Google Ads: Day/Dag, Campaign/Campagne, …" for a message about an unrecognised file. */
export function describeRequiredColumns(spec: FormatSpec): string {
  const names = (field: Field) =>
    (spec.columns[field] ?? [])
      .slice(0, 2)
      .map((alias) => (typeof alias === "string" ? alias : alias.join(" + ")))
      .join("/");
  const required = spec.required.map((need) =>
    typeof need === "string" ? names(need) : need.map(names).join(" of "),
  );
  return `${spec.label}: ${required.join(", ")}`;
}
