// What DuckDB's errors say about the engine, read from their messages (the node API gives no error codes).

/**
 * A write that failed for want of room: the disk is full (ENOSPC), a quota or the file-size limit is reached
 * (EDQUOT, EFBIG). DuckDB reports it as `Could not write file "<path>": No space left on device`, at commit
 * as `TransactionContext Error: Failed to commit: Could not write file …`. The transaction is rolled back:
 * nothing of it is stored, and the database goes on reading and, once there is room, writing.
 */
export function isStorageFull(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /No space left on device|Disk quota exceeded|File too large/i.test(message);
}

/**
 * An error after which DuckDB has invalidated the database: a FATAL or INTERNAL error (an internal error
 * invalidates it too), and every later statement's "database has been invalidated because of a previous
 * fatal error". Nothing but a new process opens it again.
 */
export function isFatalDatabaseError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /^(FATAL|INTERNAL) Error\b/.test(message) || /\binvalidated\b/i.test(message);
}

/** What DuckDB answers every statement once the database is invalidated, naming the error that did it. */
export const invalidatedError = (cause: Error) =>
  new Error(
    `Invalid Input Error: database has been invalidated because of a previous fatal error (${cause.message}). The database must be restarted prior to being used again.`,
  );
