import { type DuckDBType, type DuckDBValue, LIST, listValue } from "@duckdb/node-api";

/** One column of a batch: its values in row order, their DuckDB type and, optionally, a conversion. */
export interface BatchColumn {
  name: string;
  type: DuckDBType;
  values: DuckDBValue[];
  /** SQL applied to the bound value, `?` standing for it, e.g. `make_timestamptz(?)`. */
  convert?: string;
}

export interface BoundRelation {
  /** A parenthesised SELECT yielding one row per batch row, columns named as given. */
  sql: string;
  values: DuckDBValue[];
  types: DuckDBType[];
}

/**
 * A whole batch as one relation: every column is bound as one list parameter and unnested, so a thousand
 * rows cost one statement with a handful of parameters instead of a thousand-row VALUES text to parse.
 * Parameters are numbered from `firstParam`, so a statement can bind more after them.
 */
export function unnestRelation(columns: BatchColumn[], firstParam = 1): BoundRelation {
  const unnested = columns.map((_column, i) => `unnest($${firstParam + i}) AS c${i}`).join(", ");
  const named = columns
    .map(
      (column, i) => `${column.convert ? column.convert.replace("?", `c${i}`) : `c${i}`} AS ${column.name}`,
    )
    .join(", ");
  return {
    sql: `(SELECT ${named} FROM (SELECT ${unnested}))`,
    values: columns.map((column) => listValue(column.values)),
    types: columns.map((column) => LIST(column.type)),
  };
}

/** Epoch microseconds of an ISO 8601 instant, for a BIGINT column converted with make_timestamptz(?). */
export const epochMicros = (iso: string): bigint => BigInt(Date.parse(iso)) * 1000n;
