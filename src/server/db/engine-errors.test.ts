import { describe, expect, it } from "vitest";
import { isFatalDatabaseError, isStorageFull } from "./engine-errors.ts";

describe("isStorageFull", () => {
  it("recognises DuckDB's failed commit on a full disk, a quota and the file-size limit", () => {
    // As DuckDB 1.5.5 words it on a full tmpfs (tests/api/ingest-storage-full.test.ts).
    const full = new Error(
      'TransactionContext Error: Failed to commit: Could not write file "/data/wasbord.duckdb.wal": No space left on device',
    );
    expect(isStorageFull(full)).toBe(true);
    expect(isStorageFull(new Error('IO Error: Could not write file "x": Disk quota exceeded'))).toBe(true);
    expect(isStorageFull(new Error('IO Error: Could not write file "x": File too large'))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isStorageFull(new Error("Constraint Error: Duplicate key"))).toBe(false);
    expect(isStorageFull("Binder Error: column x not found")).toBe(false);
  });
});

describe("isFatalDatabaseError", () => {
  it("recognises fatal and internal errors and the invalidated database after them", () => {
    expect(isFatalDatabaseError(new Error("FATAL Error: Failed to create checkpoint"))).toBe(true);
    expect(isFatalDatabaseError(new Error("INTERNAL Error: Attempted to access index 3 within vector"))).toBe(
      true,
    );
    expect(
      isFatalDatabaseError(
        new Error(
          "Invalid Input Error: database has been invalidated because of a previous fatal error. The database must be restarted prior to being used again.",
        ),
      ),
    ).toBe(true);
  });

  it("leaves a full disk and ordinary errors alone", () => {
    expect(
      isFatalDatabaseError(
        new Error(
          'TransactionContext Error: Failed to commit: Could not write file "x": No space left on device',
        ),
      ),
    ).toBe(false);
    expect(isFatalDatabaseError(new Error("Constraint Error: Duplicate key"))).toBe(false);
  });
});
