import { AsyncLocalStorage } from "node:async_hooks";
import type { DuckDBConnection } from "@duckdb/node-api";

// Tables read through views within a scope (Database.withTableViews): the warehouse reads the facts as of a
// watermark this way. A transaction in the scope creates the views as temporary views on its connection after
// BEGIN and drops them before it ends: a temporary view outlives a COMMIT on its connection.

/** Table name → the SELECT a scope reads in its place. */
export type TableViews = Readonly<Record<string, string>>;

const viewScope = new AsyncLocalStorage<TableViews>();

/** Runs `work` with `views` in place of the tables of those names. */
export const inViewScope = <T>(views: TableViews, work: () => Promise<T>): Promise<T> =>
  viewScope.run(views, work);

/** Whether the caller runs inside a scope with views: the tables it reads may be cut (a watermark). */
export const inTableViews = (): boolean => viewScope.getStore() !== undefined;

/** Creates the scope's views on the connection; answers the names created, for dropViews. */
export async function createScopeViews(connection: DuckDBConnection): Promise<string[]> {
  const created: string[] = [];
  try {
    for (const [name, select] of Object.entries(viewScope.getStore() ?? {})) {
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
