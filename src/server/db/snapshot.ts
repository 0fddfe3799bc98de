import type { DuckDBConnection } from "@duckdb/node-api";
import type { Queryable } from "./database.ts";
import { readRows } from "./read-rows.ts";
import { createScopeViews, createViews, dropViews, type TableViews } from "./table-views.ts";

/** Reads the tables of `views`' names through them for the rest of the snapshot (Database.snapshot). */
export type CutTables = (views: TableViews) => Promise<void>;

/**
 * Runs `work` in one read-only transaction on `connection` (Database.snapshot): its queries run one after
 * another and see the data as it was at the start, with the scope's table views; everything is rolled back.
 * `check` sees each statement first (the fault seam).
 */
export async function readInSnapshot<T>(
  connection: DuckDBConnection,
  work: (tx: Queryable, cut: CutTables) => Promise<T>,
  check: (sql: string) => void,
): Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <R>(step: () => Promise<R>): Promise<R> => {
    const next = queue.then(step, step);
    queue = next.catch(() => {});
    return next;
  };
  const tx: Queryable = {
    query: (sql, params) =>
      inTurn(() => {
        check(sql);
        return readRows(connection, sql, params);
      }),
    run: () => Promise.reject(new Error("a snapshot only reads")),
  };
  await connection.run("BEGIN TRANSACTION");
  // DuckDB takes a transaction's snapshot at its first statement that reads the catalog, not at BEGIN
  await connection.run("SELECT current_database()");
  let views: string[] = [];
  try {
    views = await createScopeViews(connection);
    const cut: CutTables = (more) =>
      inTurn(async () => {
        views.push(...(await createViews(connection, more)));
      });
    return await work(tx, cut);
  } finally {
    await queue;
    await dropViews(connection, views).catch(() => {});
    await connection.run("ROLLBACK").catch(() => {});
  }
}
