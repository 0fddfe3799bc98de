import { AsyncLocalStorage } from "node:async_hooks";
import type { DuckDBConnection } from "@duckdb/node-api";
import { oneRowEach } from "./one-row-each.ts";

// Tables read through views within a scope (Database.withTableViews): the warehouse reads the facts as of a
// watermark this way. A transaction in the scope creates the views as temporary views on its connection after
// BEGIN and drops them before it ends: a temporary view outlives a COMMIT on its connection.

/** What a scope reads in place of a table. */
export interface TableView {
  /** The SELECT read in the table's place. */
  select: string;
  /**
   * A condition (SQL) true when the table, as the transaction sees it, holds rows the view leaves out: only
   * then is the view made. A round's transactions mostly find most fact tables as cut, and made and dropped
   * eleven views each where one or two were needed. Always made when absent.
   */
  needed?: string;
}

/** Table name → what a scope reads in its place. */
export type TableViews = Readonly<Record<string, TableView>>;

const viewScope = new AsyncLocalStorage<TableViews>();

/** Runs `work` with `views` in place of the tables of those names. */
export const inViewScope = <T>(views: TableViews, work: () => Promise<T>): Promise<T> =>
  viewScope.run(views, work);

/** Whether the caller runs inside a scope with views: the tables it reads may be cut (a watermark). */
export const inTableViews = (): boolean => viewScope.getStore() !== undefined;

/**
 * Creates the scope's views that the transaction needs on its connection; answers the names created, for
 * dropViews. Its first statement fixes the transaction's snapshot, so what it finds holds for the rest.
 */
export const createScopeViews = (connection: DuckDBConnection): Promise<string[]> =>
  createViews(connection, viewScope.getStore() ?? {});

/** Creates those of `views` that the transaction needs on its connection; answers the names created. */
export async function createViews(connection: DuckDBConnection, views: TableViews): Promise<string[]> {
  const created: string[] = [];
  try {
    for (const [name, { select }] of await neededViews(connection, views)) {
      await connection.run(`CREATE TEMP VIEW ${name} AS ${select}`);
      created.push(name);
    }
    return created;
  } catch (error) {
    await dropViews(connection, created);
    throw error;
  }
}

/** Drops a transaction's temporary views before it ends. */
export async function dropViews(connection: DuckDBConnection, views: readonly string[]): Promise<void> {
  for (const name of views) await connection.run(`DROP VIEW IF EXISTS temp.main.${name}`);
}

/** The views whose condition holds in the transaction, in one statement for all of them. */
async function neededViews(connection: DuckDBConnection, all: TableViews): Promise<[string, TableView][]> {
  const views = Object.entries(all);
  const checked = views.filter(([, view]) => view.needed !== undefined);
  if (checked.length === 0) return views;
  const reader = await connection.runAndReadAll(
    oneRowEach(checked.map(([, view], i) => `SELECT ${i} AS i WHERE ${view.needed}`)),
  );
  const needed = new Set(reader.getRows().map(([i]) => checked[Number(i)][0]));
  return views.filter(([name, view]) => view.needed === undefined || needed.has(name));
}
