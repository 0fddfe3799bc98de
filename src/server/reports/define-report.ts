import { type BuiltReportId, type CatalogueEntry, catalogueEntry } from "../../shared/reports/catalogue.ts";
import type { ReportEnvelope } from "../../shared/reports/envelope.ts";
import type { BuiltSql, Database, Queryable } from "../db/database.ts";
import { DERIVED_TABLES } from "../warehouse/derived/declarations.ts";
import type { DerivedDeclaration } from "../warehouse/derived-tables.ts";
import { readAtOneMoment } from "../warehouse/read-at-one-moment.ts";
import type { ReadAtOneMoment } from "../warehouse/watermark.ts";
import type { ReportFilters } from "./filters.ts";

/** Brings a derived table (hourly sums, customer visits) up to date with the facts it is derived from. */
export type DerivedSync = (db: Queryable) => Promise<void>;

/** A report: one query module answering `GET /api/reports/<id>` with the envelope. */
export interface ReportModule<Id extends BuiltReportId = BuiltReportId> {
  id: Id;
  /** Its catalogue entry: the filters it accepts, the keys it answers with. */
  entry: CatalogueEntry;
  /** The derived tables it reads; the router brings them up to date before `run`, so no report forgets. */
  syncs: readonly DerivedSync[];
  /** Its SQL builders by name: the snapshot test pins each one's text for a fixed set of filters. */
  sql: Record<string, (filters: ReportFilters) => BuiltSql>;
  run: (db: Queryable, filters: ReportFilters) => Promise<ReportEnvelope>;
}

/** A report module for a catalogue id; refuses an id the catalogue does not have, or has as not built. */
export function defineReport<const Id extends BuiltReportId>(definition: {
  id: Id;
  syncs?: readonly DerivedSync[];
  sql: ReportModule["sql"];
  run: ReportModule["run"];
}): ReportModule<Id> {
  const entry = catalogueEntry(definition.id);
  if (entry?.status !== "built") throw new Error(`report ${definition.id} is not built in the catalogue`);
  return { syncs: [], ...definition, entry };
}

/**
 * Runs a report the way the endpoint does: its derived tables brought up to date first (unless a large
 * catch-up is under way in the background and they are recent, sync-policy.ts), then every query of it on
 * one snapshot with the facts cut where its derived tables stand (warehouse/read-at-one-moment.ts).
 */
export async function runReport(
  report: ReportModule,
  db: Database,
  filters: ReportFilters,
): Promise<ReportEnvelope> {
  return (await readReport(report, db, filters)).value;
}

/** runReport, with the watermark it read at when asked: the property test builds its reference from it. */
export async function readReport(
  report: ReportModule,
  db: Database,
  filters: ReportFilters,
  options: { watermark?: boolean } = {},
): Promise<ReadAtOneMoment<ReportEnvelope>> {
  const declarations = declarationsOf(report);
  const read = await readAtOneMoment(db, declarations, (tx) => report.run(tx, filters), options);
  const { value: envelope, syncedAt } = read;
  return syncedAt ? { ...read, value: { ...envelope, syncedUpTo: syncedAt.toISOString() } } : read;
}

const DECLARATION_OF = new Map(DERIVED_TABLES.map((declaration) => [declaration.sync, declaration]));

/**
 * The declarations of the derived tables a report reads (its syncs'), in the order the refresher syncs them
 * (declarations.ts): a request catching several up does so in that order too (read-at-one-moment.ts).
 */
export const declarationsOf = (report: ReportModule): DerivedDeclaration[] => {
  const declared = new Set(report.syncs.map(declarationOf));
  return DERIVED_TABLES.filter((declaration) => declared.has(declaration));
};

function declarationOf(sync: DerivedSync): DerivedDeclaration {
  const declaration = DECLARATION_OF.get(sync);
  if (!declaration)
    throw new Error(
      "a report reads a derived table that is not declared (warehouse/derived/declarations.ts)",
    );
  return declaration;
}
