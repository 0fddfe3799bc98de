import { maskPlate } from "../../shared/plate-mask.ts";
import type { Column, ReportEnvelope, TableRow } from "../../shared/reports/envelope.ts";
import { writeAudit } from "../audit/audit.ts";
import type { AppUser, Role } from "../auth/users.ts";
import type { Queryable } from "../db/database.ts";

// The one place where report rows are cut to what the reader may see: every report passes through here
// before it leaves the server, so an analist never receives a whole plate (the CSV is built from these rows).

const MASKS: Record<NonNullable<Column["personal"]>, (value: string) => string> = { plate: maskPlate };

const MASKED_HINT = "Kentekens zijn persoonsgegevens: alleen een beheerder ziet ze helemaal.";

export interface ProtectedEnvelope {
  envelope: ReportEnvelope;
  /** Personal values sent whole (beheerder only): each such view is audited. */
  wholeValues: number;
}

export function protectEnvelope(envelope: ReportEnvelope, role: Role): ProtectedEnvelope {
  let wholeValues = 0;
  const tables = envelope.tables.map((table) => {
    const personal = table.columns.filter((column) => column.personal);
    if (personal.length === 0) return table;
    const protect = (row: TableRow): TableRow => {
      const out = { ...row };
      for (const { key, personal: kind } of personal) {
        const value = out[key];
        if (typeof value !== "string" || !kind) continue;
        if (role === "beheerder") wholeValues++;
        else out[key] = MASKS[kind](value);
      }
      return out;
    };
    const columns =
      role === "beheerder"
        ? table.columns
        : table.columns.map((column) => (column.personal ? { ...column, hint: MASKED_HINT } : column));
    return {
      ...table,
      columns,
      rows: table.rows.map(protect),
      totals: table.totals && protect(table.totals),
    };
  });
  return { envelope: { ...envelope, tables }, wholeValues };
}

/** The envelope as `user` may receive it; a whole-plate view goes into the audit log with the filters. */
export async function protectReport(
  db: Queryable,
  user: AppUser,
  envelope: ReportEnvelope,
  filters: Record<string, string>,
): Promise<ReportEnvelope> {
  const { envelope: out, wholeValues } = protectEnvelope(envelope, user.role);
  if (wholeValues > 0) {
    await writeAudit(db, user.email, {
      action: "viewed-plates",
      entity: "report",
      entityId: envelope.report,
      before: null,
      after: { filters, plates: wholeValues },
    });
  }
  return out;
}
