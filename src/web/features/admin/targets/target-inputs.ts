import {
  type SiteTarget,
  TARGET_FIGURES,
  type TargetBatch,
  type TargetFigure,
  targetBatchSchema,
} from "../../../../shared/admin/targets.ts";
import { centsToInput, parseEuroInput } from "../../../../shared/format.ts";
import type { FieldError } from "../../../lib/http.ts";

// A site's year of targets as the editor holds them — twelve months of three texts — and the batch the
// endpoint takes. Revenue is typed in euros the Dutch way ("45.000", "45000,50"); the endpoint takes cents.

export type MonthInputs = Record<TargetFigure, string>;
/** An error per cell, by `monthIndex.figure`: `3.washes`. */
export type CellErrors = Partial<Record<string, string>>;

export const cellKey = (monthIndex: number, figure: TargetFigure) => `${monthIndex}.${figure}`;

const textOf = (figure: TargetFigure, value: number | null) => {
  if (value === null) return "";
  if (figure !== "revenueExVatCents") return String(value);
  return value % 100 === 0 ? String(value / 100) : centsToInput(value);
};

/** The editor's texts for `months`, from what is stored. */
export function inputsOf(months: string[], siteId: number, stored: SiteTarget[]): MonthInputs[] {
  return months.map((month) => {
    const target = stored.find((t) => t.siteId === siteId && t.month === month);
    return Object.fromEntries(
      TARGET_FIGURES.map((figure) => [figure, textOf(figure, target?.[figure] ?? null)]),
    ) as MonthInputs;
  });
}

const WHOLE_NUMBER = /^\d+$/;

/** A typed text → the number the endpoint takes, null for empty, NaN for what is no number at all. */
function typedValue(figure: TargetFigure, text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (figure === "revenueExVatCents") return parseEuroInput(trimmed) ?? Number.NaN;
  // "3.000" and "3 000" are how people write thousands.
  const digits = trimmed.replace(/[.\s]/g, "");
  return WHOLE_NUMBER.test(digits) ? Number(digits) : Number.NaN;
}

const NOT_A_NUMBER: Record<TargetFigure, string> = {
  washes: "Vul een heel aantal wassen in, of laat het veld leeg.",
  revenueExVatCents: "Vul een bedrag in euro's in, bijvoorbeeld 45.000, of laat het veld leeg.",
  newMembers: "Vul een heel aantal leden in, of laat het veld leeg.",
};

/**
 * The batch for one site's months, checked with the endpoint's own schema: the batch, or the errors per
 * cell.
 */
export function batchOf(
  siteId: number,
  months: string[],
  inputs: MonthInputs[],
): { batch: TargetBatch; errors: CellErrors } {
  const errors: CellErrors = {};
  const targets = months.map((month, index) => {
    const values = Object.fromEntries(
      TARGET_FIGURES.map((figure) => {
        const value = typedValue(figure, inputs[index][figure]);
        if (Number.isNaN(value)) errors[cellKey(index, figure)] = NOT_A_NUMBER[figure];
        return [figure, value];
      }),
    ) as Record<TargetFigure, number | null>;
    return { siteId, month, ...values };
  });
  const batch = { targets };
  if (Object.keys(errors).length > 0) return { batch, errors };
  const parsed = targetBatchSchema.safeParse(batch);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, figure] = issue.path;
      errors[cellKey(Number(index), figure as TargetFigure)] ??= issue.message;
    }
  }
  return { batch, errors };
}

/** The server's field errors (`targets[3].washes`) on the editor's cells; others stay with the form. */
export function cellErrorsOf(fields: FieldError[]): { cells: CellErrors; other: string[] } {
  const cells: CellErrors = {};
  const other: string[] = [];
  for (const { path, message } of fields) {
    const match = /^targets\[(\d+)\]\.(\w+)$/.exec(path);
    const figure = match?.[2] as TargetFigure | undefined;
    if (match && figure && TARGET_FIGURES.includes(figure))
      cells[cellKey(Number(match[1]), figure)] ??= message;
    else other.push(message);
  }
  return { cells, other };
}
