import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { logger } from "../logging/logger.ts";
import { invalidatedError, isFatalDatabaseError } from "./engine-errors.ts";
import { isPlainRead, type Params, type Row, readRows } from "./read-rows.ts";
import { type CutTables, readInSnapshot } from "./snapshot.ts";
import { createScopeViews, dropViews, inTableViews, inViewScope, type TableViews } from "./table-views.ts";
import { createInstance } from "./wal-recovery.ts";

export type { BuiltSql, Params, Row } from "./read-rows.ts";

/** What one connection can do; a transaction hands the same interface to its callback. */
export interface Queryable {
  query<T = Row>(sql: string, params?: Params): Promise<T[]>;
  run(sql: string, params?: Params): Promise<void>;
}

const closeOwn = (connection: DuckDBConnection) => connection.closeSync();

/** One DuckDB instance and its pool of connections: DuckDB allows one process per file, so all goes here. */
export class Database implements Queryable {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];
  private closed = false;
  private closing: Promise<void> | null = null;
  private writes = 0;
  private underway = 0;
  private fatal: Error | null = null;
  private readonly fatalListeners: ((error: Error) => void)[] = [];
  private faultSql: string | null = null;
  private catalogName: string | null = null;

  private constructor(
    private readonly instance: DuckDBInstance,
    readonly path: string,
    private readonly readOnly: boolean,
  ) {}

  static async open(
    path: string,
    poolSize = 4,
    log: (line: string) => void = (line) => logger.warn(line),
    access: "read_write" | "read_only" = "read_write",
  ): Promise<Database> {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    // The session time zone stays UTC; reports convert explicitly with timezone('Europe/Amsterdam', …).
    const instance = await createInstance(path, log, access);
    const db = new Database(instance, path, access === "read_only");
    for (let i = 0; i < poolSize; i++) db.idle.push(await instance.connect());
    return db;
  }

  /**
   * Goes up after anything that may have changed the data finished: every `run`, transaction and borrowed
   * connection, and every `query` that is not a plain read. Derived tables need not look at the facts again
   * while it stays the same (derived-sync.ts): the idle check of a report costs nothing.
   */
  get writeGeneration(): number {
    return this.writes;
  }

  /** Writes, and transactions (which may write), begun and not yet finished: a checkpoint now would fail. */
  get writesUnderway(): number {
    return this.underway;
  }

  /** Whether DuckDB invalidated the database after a fatal error: only a new process can open it again. */
  get invalidated(): boolean {
    return this.fatal !== null;
  }

  /** Whether close() finished: work that outlived its owner (a timer) has nothing left to do here. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Called once, with the error, when a statement reports that the database is invalidated. */
  onFatal(listener: (error: Error) => void): void {
    this.fatalListeners.push(listener);
  }

  /**
   * A test seam, set from WASBORD_FAULT_FATAL_SQL outside production: every statement run through `query`,
   * `run` or a transaction whose SQL contains `fragment` fails the way DuckDB's fatal errors do.
   */
  failFatallyOn(fragment: string): void {
    this.faultSql = fragment;
  }

  query<T = Row>(sql: string, params?: Params): Promise<T[]> {
    if (inTableViews()) return this.transaction((tx) => tx.query<T>(sql, params));
    const reading = this.use((connection) => {
      this.injectFault(sql);
      return readRows<T>(connection, sql, params);
    });
    return isPlainRead(sql) ? reading : this.written(reading);
  }

  run(sql: string, params?: Params): Promise<void> {
    if (inTableViews()) return this.transaction((tx) => tx.run(sql, params));
    return this.written(
      this.use(async (connection) => {
        this.injectFault(sql);
        await connection.run(sql, params);
      }),
    );
  }

  /**
   * Runs `work` inside BEGIN/COMMIT on one connection; any error rolls everything back. It counts as a write
   * when it ran one, or took the raw connection (which may write): a transaction that only read does not.
   */
  async transaction<T>(work: (tx: Queryable, connection: DuckDBConnection) => Promise<T>): Promise<T> {
    let wrote = work.length > 1;
    this.underway++;
    try {
      return await this.use(async (connection) => {
        const tx: Queryable = {
          query: async (sql, params) => {
            wrote ||= !isPlainRead(sql);
            this.injectFault(sql);
            return readRows(connection, sql, params);
          },
          run: async (sql, params) => {
            wrote = true;
            this.injectFault(sql);
            await connection.run(sql, params);
          },
        };
        await connection.run("BEGIN TRANSACTION");
        let views: string[] = [];
        try {
          views = await createScopeViews(connection);
          const result = await work(tx, connection);
          await dropViews(connection, views);
          await connection.run("COMMIT");
          return result;
        } catch (error) {
          await dropViews(connection, views).catch(() => {});
          await connection.run("ROLLBACK").catch(() => {});
          throw error;
        }
      });
    } finally {
      this.underway--;
      if (wrote) this.writes++;
    }
  }

  /**
   * Runs `work` so that every statement it runs on this database, in a transaction or not, reads `views`
   * in place of the tables of those names (the warehouse reads the facts as of a watermark this way). Each
   * transaction creates them as temporary views after BEGIN and drops them before it ends; a statement
   * outside a transaction runs in one. The views' SELECTs name their tables with the catalog (`catalog`).
   */
  withTableViews<T>(views: TableViews, work: () => Promise<T>): Promise<T> {
    return inViewScope(views, work);
  }

  /**
   * The catalog the tables live in (the file's name, so it may hold a dash), quoted as an identifier: a view
   * in place of a table reads `<catalog>.main.<table>`.
   */
  async catalog(): Promise<string> {
    if (this.catalogName === null) {
      const [{ name }] = await this.query<{ name: string }>("SELECT current_database() AS name");
      this.catalogName = `"${name.replaceAll('"', '""')}"`;
    }
    return this.catalogName;
  }

  /**
   * Runs `work` on one snapshot of the data: every query it makes sees the database as it was when the
   * snapshot began, whatever commits meanwhile. Its queries run one after another on one connection; it
   * writes nothing (everything is rolled back), so it does not count as a write. `ownConnection`: on a
   * connection opened for it alone, for a snapshot held open a long time (a refresher's round). `cut` makes
   * the rest of its queries read tables through views (the facts cut at a watermark found in the snapshot).
   */
  async snapshot<T>(
    work: (tx: Queryable, cut: CutTables) => Promise<T>,
    options: { ownConnection?: boolean } = {},
  ): Promise<T> {
    // undefined: the pool's, by use()'s defaults
    const [connect, done] = options.ownConnection ? [this.connectOwn, closeOwn] : [];
    return this.use(
      (connection) => readInSnapshot(connection, work, (sql) => this.injectFault(sql)),
      connect,
      done,
    );
  }

  /** Lends a connection to `work`, which may write through it (ingestion, bulk loads). */
  withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.written(this.use(work));
  }

  /**
   * Runs `work` (a write under way, as `run` is) on a connection opened for it alone: a pooled one may hold
   * temporary tables (tracking/batch-sql.ts), which EXPORT DATABASE would list in a backup it cannot restore.
   */
  withOwnConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.written(this.use(work, this.connectOwn, closeOwn));
  }

  /** Opens a connection outside the pool, closed after its one use (closeOwn). */
  private readonly connectOwn = (): Promise<DuckDBConnection> =>
    this.closed ? Promise.reject(new Error("database is closed")) : this.instance.connect();

  /** Runs `work` on a pooled connection, or on one `connect` opens and `done` closes. */
  private async use<T>(
    work: (connection: DuckDBConnection) => Promise<T>,
    connect = () => this.acquire(),
    done = (connection: DuckDBConnection) => this.release(connection),
  ): Promise<T> {
    if (this.fatal) throw invalidatedError(this.fatal);
    const connection = await connect();
    try {
      return await work(connection);
    } catch (error) {
      this.noteFatal(error);
      throw error;
    } finally {
      done(connection);
    }
  }

  /** The first fatal error turns the database invalid and tells the listeners (the server exits on it). */
  private noteFatal(error: unknown): void {
    if (this.fatal || !isFatalDatabaseError(error)) return;
    this.fatal = error instanceof Error ? error : new Error(String(error));
    for (const listener of this.fatalListeners) listener(this.fatal);
  }

  private injectFault(sql: string): void {
    if (this.faultSql !== null && sql.includes(this.faultSql)) {
      throw new Error(`FATAL Error: simulated fatal error (WASBORD_FAULT_FATAL_SQL "${this.faultSql}")`);
    }
  }

  /** Counts a write once it is over, committed or not (a rolled-back one only costs a needless check). */
  private async written<T>(work: Promise<T>): Promise<T> {
    this.underway++;
    try {
      return await work;
    } finally {
      this.underway--;
      this.writes++;
    }
  }

  /** Writes the write-ahead log into the database file, so a restart has nothing to replay. */
  async checkpoint(): Promise<void> {
    if (this.path !== ":memory:" && !this.readOnly) await this.run("CHECKPOINT");
  }

  /**
   * Checkpoints (after running queries finish), then closes every connection. Safe to call twice. A write
   * transaction still open elsewhere makes the checkpoint fail; closing goes on, DuckDB checkpoints on close
   * where it can, and the log left otherwise replays on the next open.
   */
  close(): Promise<void> {
    this.closing ??= this.checkpoint()
      .catch((error: Error) => logger.warn("no checkpoint before closing", { path: this.path, error }))
      .then(() => {
        this.closed = true;
        for (const connection of this.idle) connection.closeSync();
        this.idle.length = 0;
        this.instance.closeSync();
      });
    return this.closing;
  }

  private acquire(): Promise<DuckDBConnection> {
    if (this.closed) return Promise.reject(new Error("database is closed"));
    const connection = this.idle.pop();
    if (connection) return Promise.resolve(connection);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else if (this.closed) connection.closeSync();
    else this.idle.push(connection);
  }
}
