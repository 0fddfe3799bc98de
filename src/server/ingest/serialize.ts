import type { Database } from "../db/database.ts";

// Batches for one table are stored one after the other. The duplicate check (an anti-join against what
// is committed) and the insert are then never interleaved with another batch's, so two concurrent retries
// of one batch cannot both pass the check. DuckDB writes a table from one process only, so an in-process
// queue is all the serialisation there is to do; the UNIQUE constraints remain as the last line of defence.
const queues = new WeakMap<Database, Map<string, Promise<unknown>>>();

export function serialized<T>(db: Database, table: string, work: () => Promise<T>): Promise<T> {
  const tables = queues.get(db) ?? new Map<string, Promise<unknown>>();
  queues.set(db, tables);
  const previous = tables.get(table) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.catch(() => {});
  tables.set(table, tail);
  void tail.then(() => {
    if (tables.get(table) === tail) tables.delete(table);
  });
  return result;
}
