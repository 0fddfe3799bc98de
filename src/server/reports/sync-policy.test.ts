import { describe, expect, it } from "vitest";
import { INLINE_ROWS, requestCatchesUp, STALE_MS } from "./sync-policy.ts";

// The request policy on its own, at and around its two bounds (INLINE_ROWS = 5 000 rows, STALE_MS = 5 s).

const refreshedRecently = { newRows: 20_000, sinceSyncMs: 800, refreshed: true };

describe("a report request's catch-up", () => {
  it("takes a few new rows in itself, however recent the last sync", () => {
    expect(requestCatchesUp({ ...refreshedRecently, newRows: 0 })).toBe(true);
    expect(requestCatchesUp({ ...refreshedRecently, newRows: 12 })).toBe(true);
    expect(requestCatchesUp({ ...refreshedRecently, newRows: INLINE_ROWS })).toBe(true);
  });

  it("reads what is there when many rows are new and the refresher synced within the bound", () => {
    expect(requestCatchesUp(refreshedRecently)).toBe(false);
    expect(requestCatchesUp({ ...refreshedRecently, newRows: INLINE_ROWS + 1 })).toBe(false);
    expect(requestCatchesUp({ ...refreshedRecently, sinceSyncMs: STALE_MS })).toBe(false);
  });

  it("catches up when the last sync is older than the bound, or there was none", () => {
    expect(requestCatchesUp({ ...refreshedRecently, sinceSyncMs: STALE_MS + 1 })).toBe(true);
    expect(requestCatchesUp({ ...refreshedRecently, sinceSyncMs: 60_000 })).toBe(true);
    expect(requestCatchesUp({ ...refreshedRecently, sinceSyncMs: null })).toBe(true);
  });

  it("catches up whenever no refresher keeps the tables up to date in the background", () => {
    expect(requestCatchesUp({ ...refreshedRecently, refreshed: false })).toBe(true);
    expect(requestCatchesUp({ newRows: 1_000_000, sinceSyncMs: 1, refreshed: false })).toBe(true);
  });
});
