import {
  type DuckDBConnection,
  type DuckDBPreparedStatement,
  DuckDBTypeId,
  type DuckDBValue,
} from "@duckdb/node-api";

// How a statement's rows are read off a connection (database.ts lends the connection): reads with parameters
// from a plan kept per connection, values turned into plain JavaScript.

/** A row as it leaves the database: BIGINTs as numbers, timestamps as ISO strings, dates as YYYY-MM-DD. */
export type Row = Record<string, unknown>;
export type Params = DuckDBValue[] | Record<string, DuckDBValue>;

/** A SELECT (or WITH … SELECT) that changes nothing; anything else counts as a write. */
export const isPlainRead = (sql: string) =>
  /^\s*(SELECT|WITH|FROM)\b/i.test(sql) && !/\b(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/i.test(sql);

/**
 * Plans kept per connection, by SQL text, most recently used last. A report's query over a few hundred rows
 * of hourly sums spends most of its time being planned (12–16 ms of 10–21 ms for the dashboard's at 1×);
 * its text is the same for every request, its values travel as parameters. DuckDB plans again by itself when
 * a table the plan reads was replaced, and still skips row groups by a time range given as a parameter.
 */
const PLANS_PER_CONNECTION = 64;
const plans = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();

async function planned(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
  let kept = plans.get(connection);
  if (!kept) {
    kept = new Map();
    plans.set(connection, kept);
  }
  const found = kept.get(sql);
  if (found) {
    kept.delete(sql);
    kept.set(sql, found);
    return found;
  }
  const statement = await connection.prepare(sql);
  kept.set(sql, statement);
  if (kept.size > PLANS_PER_CONNECTION) {
    const [oldest, plan] = kept.entries().next().value as [string, DuckDBPreparedStatement];
    kept.delete(oldest);
    plan.destroySync();
  }
  return statement;
}

/** Reads with parameters run from a kept plan; anything else is planned once, as it comes. */
export async function readRows<T>(connection: DuckDBConnection, sql: string, params?: Params): Promise<T[]> {
  let reader: Awaited<ReturnType<DuckDBConnection["runAndReadAll"]>>;
  if (params && isPlainRead(sql)) {
    const statement = await planned(connection, sql);
    statement.bind(params);
    reader = await statement.runAndReadAll();
  } else {
    reader = await connection.runAndReadAll(sql, params);
  }
  const types = reader.columnTypes().map((type) => type.typeId);
  const names = reader.columnNames();
  return reader.getRowsJS().map((values) => {
    const row: Row = {};
    values.forEach((value, i) => {
      row[names[i]] = toPlain(value, types[i]);
    });
    return row as T;
  });
}

function toPlain(value: unknown, typeId: DuckDBTypeId): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) {
    return typeId === DuckDBTypeId.DATE ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  return value;
}

/** A query's text and its named parameters. */
export interface BuiltSql {
  text: string;
  params: Record<string, DuckDBValue>;
}
