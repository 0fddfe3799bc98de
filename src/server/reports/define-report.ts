import type { DuckDBValue } from "@duckdb/node-api";
import { type BuiltReportId, type CatalogueEntry, catalogueEntry } from "../../shared/reports/catalogue.ts";
import type { ReportEnvelope } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { asRequest } from "../warehouse/derived-sync.ts";
import type { ReportFilters } from "./filters.ts";

/** A query's text and its named parameters. */
export interface BuiltSql {
  text: string;
  params: Record<string, DuckDBValue>;
}

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
 * Runs a report the way the endpoint does: its derived tables brought up to date first, unless a large
 * catch-up is under way in the background and they are recent (sync-policy.ts).
 */
export async function runReport(
  report: ReportModule,
  db: Queryable,
  filters: ReportFilters,
): Promise<ReportEnvelope> {
  const syncedAt = await asRequest(() => Promise.all(report.syncs.map((sync) => sync(db))));
  const envelope = await report.run(db, filters);
  return syncedAt ? { ...envelope, syncedUpTo: syncedAt.toISOString() } : envelope;
}
