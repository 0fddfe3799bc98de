import {
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  type DuckDBAppender,
  type DuckDBConnection,
  DuckDBDateValue,
  DuckDBTimestampTZValue,
  type DuckDBType,
  type DuckDBValue,
  FLOAT,
  INTEGER,
  SMALLINT,
  TIMESTAMPTZ,
  TINYINT,
  VARCHAR,
} from "@duckdb/node-api";
import { appendColumns, VECTOR_SIZE } from "../db/append-chunk.ts";

// Bulk loading through DuckDB's appender, a vector (2 048 rows) at a time: rows are collected column by
// column in plain arrays and handed over as one data chunk, which is far cheaper than value-by-value calls.

const DAY_MS = 86_400_000;

/** Column kinds of the demo tables; `time` takes epoch milliseconds, `date` epoch days. */
export type ColumnKind =
  | "int"
  | "smallint"
  | "tinyint"
  | "bigint"
  | "double"
  | "real"
  | "text"
  | "bool"
  | "time"
  | "date";

const TYPES: Record<ColumnKind, DuckDBType> = {
  int: INTEGER,
  smallint: SMALLINT,
  tinyint: TINYINT,
  bigint: BIGINT,
  double: DOUBLE,
  real: FLOAT,
  text: VARCHAR,
  bool: BOOLEAN,
  time: TIMESTAMPTZ,
  date: DATE,
};

type JsValue = number | string | boolean | null;

function convert(kind: ColumnKind, values: JsValue[]): DuckDBValue[] {
  switch (kind) {
    case "time":
      return values.map((v) =>
        v === null ? null : new DuckDBTimestampTZValue(BigInt(Math.round((v as number) * 1000))),
      );
    case "date":
      return values.map((v) => (v === null ? null : new DuckDBDateValue(Math.floor((v as number) / DAY_MS))));
    case "bigint":
      return values.map((v) => (v === null ? null : BigInt(v as number)));
    default:
      return values;
  }
}

/** Rows for one table, in the table's column order. */
export class TableWriter {
  private columns: JsValue[][];
  private readonly types: DuckDBType[];
  private appender: DuckDBAppender | null = null;
  rows = 0;

  private readonly kinds: ColumnKind[];

  /** `columns`: the kinds of the table's columns in table order, separated by spaces. */
  constructor(
    readonly table: string,
    columns: string,
  ) {
    this.kinds = columns.split(" ") as ColumnKind[];
    this.columns = this.kinds.map(() => []);
    this.types = this.kinds.map((kind) => TYPES[kind]);
  }

  async open(connection: DuckDBConnection): Promise<void> {
    this.appender = await connection.createAppender(this.table);
  }

  add(...values: JsValue[]): void {
    for (let i = 0; i < values.length; i++) this.columns[i].push(values[i]);
    this.rows++;
    if (this.columns[0].length === VECTOR_SIZE) this.flushVector();
  }

  private flushVector(): void {
    if (this.columns[0].length === 0 || !this.appender) return;
    appendColumns(
      this.appender,
      this.types,
      this.columns.map((column, i) => convert(this.kinds[i], column)),
    );
    this.columns = this.kinds.map(() => []);
  }

  close(): void {
    this.flushVector();
    this.appender?.closeSync();
    this.appender = null;
  }
}
