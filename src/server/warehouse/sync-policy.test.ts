import { describe, expect, it } from "vitest";
import { INLINE_ROWS, requestSync, STALE_MS } from "./sync-policy.ts";

// The request policy on its own, at and around its two bounds (INLINE_ROWS = 5 000 rows, STALE_MS = 60 s).

const pouringIn = { newRows: 20_000, sinceSyncMs: 800, refreshed: true, catchingUp: true, waited: false };

describe("a report request's catch-up", () => {
  it("takes a few new rows in itself, however recent the last sync", () => {
    const quiet = { ...pouringIn, catchingUp: false };
    expect(requestSync({ ...quiet, newRows: 0 })).toBe("catch-up");
    expect(requestSync({ ...quiet, newRows: 12 })).toBe("catch-up");
    expect(requestSync({ ...quiet, newRows: INLINE_ROWS })).toBe("catch-up");
    expect(requestSync({ ...pouringIn, newRows: INLINE_ROWS, waited: true })).toBe("catch-up");
  });

  it("waits for a catch-up under way that takes a few new rows in, rather than queue behind it", () => {
    expect(requestSync({ ...pouringIn, newRows: 12 })).toBe("wait");
    expect(requestSync({ ...pouringIn, newRows: 12, sinceSyncMs: null })).toBe("catch-up");
  });

  it("leaves a few new rows too when it leaves a table read with this one to the refresher", () => {
    const othersLeft = { ...pouringIn, newRows: 12, othersLeft: true };
    expect(requestSync(othersLeft)).toBe("read");
    expect(requestSync({ ...othersLeft, sinceSyncMs: STALE_MS + 1 })).toBe("read");
    // never synced in this process: nothing to say how old the table is, so it is caught up
    expect(requestSync({ ...othersLeft, sinceSyncMs: null })).toBe("catch-up");
    expect(requestSync({ ...othersLeft, refreshed: false })).toBe("catch-up");
  });

  it("reads what is there when many rows are new and a sync began within the bound", () => {
    expect(requestSync(pouringIn)).toBe("read");
    expect(requestSync({ ...pouringIn, newRows: INLINE_ROWS + 1 })).toBe("read");
    expect(requestSync({ ...pouringIn, sinceSyncMs: STALE_MS, catchingUp: false })).toBe("read");
  });

  it("past the bound, waits for the catch-up under way, or catches up when none is", () => {
    expect(requestSync({ ...pouringIn, sinceSyncMs: STALE_MS + 1 })).toBe("wait");
    expect(requestSync({ ...pouringIn, sinceSyncMs: null })).toBe("wait");
    expect(requestSync({ ...pouringIn, sinceSyncMs: STALE_MS + 1, catchingUp: false })).toBe("catch-up");
    expect(requestSync({ ...pouringIn, sinceSyncMs: null, catchingUp: false })).toBe("catch-up");
  });

  it("after waiting for one catch-up, reads what it left rather than start a second", () => {
    expect(requestSync({ ...pouringIn, sinceSyncMs: STALE_MS + 2_000, waited: true })).toBe("read");
    expect(
      requestSync({ ...pouringIn, sinceSyncMs: STALE_MS + 2_000, catchingUp: false, waited: true }),
    ).toBe("read");
  });

  it("catches up whenever no refresher keeps the tables up to date in the background", () => {
    expect(requestSync({ ...pouringIn, refreshed: false })).toBe("catch-up");
    expect(requestSync({ ...pouringIn, newRows: 1_000_000, sinceSyncMs: 1, refreshed: false })).toBe(
      "catch-up",
    );
  });
});
