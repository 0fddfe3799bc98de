import { BIGINT, BOOLEAN, DOUBLE, INTEGER, TINYINT, VARCHAR } from "@duckdb/node-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Database } from "../db/database.ts";
import { type BatchColumn, unnestRelation, unnestRows } from "./unnest.ts";

let db: Database;
beforeEach(async () => {
  db = await Database.open(":memory:");
});
afterEach(() => db.close());

/** The batch's rows as DuckDB reads them back (timestamps as ISO text, BIGINTs as numbers). */
const rowsOf = (columns: BatchColumn[]) =>
  db.withConnection(async (connection) => {
    const { sql, values, types } = unnestRelation(columns);
    return (await connection.runAndReadAll(`SELECT * FROM ${sql}`, values, types)).getRowObjectsJson();
  });

describe("a batch bound as one relation", () => {
  it("gives back every row in order, with its types, NULLs and conversions", async () => {
    expect(
      await rowsOf([
        { name: "id", type: INTEGER, values: [1, 2, 3] },
        { name: "plate", type: VARCHAR, values: ["AB-123-C", null, "é€😀 'quoted'"] },
        // 2026-11-05T10:00:00Z and 1 µs later, as epoch microseconds
        {
          name: "at",
          type: BIGINT,
          values: [1_793_872_800_000_000n, 1_793_872_800_000_001n, null],
          convert: "make_timestamptz(?)",
        },
        { name: "confidence", type: DOUBLE, values: [0.9, 0.1 + 0.2, null] },
        { name: "bounce", type: BOOLEAN, values: [true, false, null] },
        { name: "sidecode", type: TINYINT, values: [9, null, -128] },
      ]),
    ).toEqual([
      {
        id: 1,
        plate: "AB-123-C",
        at: "2026-11-05 10:00:00+00",
        confidence: 0.9,
        bounce: true,
        sidecode: 9,
      },
      {
        id: 2,
        plate: null,
        at: "2026-11-05 10:00:00.000001+00",
        confidence: 0.30000000000000004,
        bounce: false,
        sidecode: null,
      },
      { id: 3, plate: "é€😀 'quoted'", at: null, confidence: null, bounce: null, sidecode: -128 },
    ]);
  });

  it("takes a batch row by row, its columns declared by name, as the same relation", async () => {
    const relation = unnestRows(
      { id: { type: INTEGER }, at: { type: BIGINT, convert: "make_timestamptz(?)" } },
      [
        { id: 1, at: 1_793_872_800_000_000n },
        { id: 2, at: null },
      ],
    );
    expect(relation).toEqual(
      unnestRelation([
        { name: "id", type: INTEGER, values: [1, 2] },
        { name: "at", type: BIGINT, values: [1_793_872_800_000_000n, null], convert: "make_timestamptz(?)" },
      ]),
    );
  });

  it("gives no rows for an empty batch", async () => {
    expect(await rowsOf([{ name: "id", type: INTEGER, values: [] }])).toEqual([]);
  });

  it("replaces a lone UTF-16 surrogate, which UTF-8 cannot hold, and keeps a pair", async () => {
    expect(await rowsOf([{ name: "camera", type: VARCHAR, values: ["a\ud800b", "😀"] }])).toEqual([
      { camera: "a\ufffdb" },
      { camera: "😀" },
    ]);
  });

  it("refuses a value its column's type cannot carry instead of storing something else", async () => {
    // DuckDB's transform would round 1,5 to 2; 2^53 + 1 has no exact JavaScript number.
    expect(() => unnestRelation([{ name: "lane", type: INTEGER, values: [1.5] }])).toThrow(/lane: 1.5/);
    expect(() => unnestRelation([{ name: "n", type: BIGINT, values: [2n ** 53n + 1n] }])).toThrow(/n:/);
    expect(() => unnestRelation([{ name: "x", type: DOUBLE, values: [Number.NaN] }])).toThrow(/x: NaN/);
    // 300 is no TINYINT: DuckDB refuses it (the lenient transform would have stored NULL).
    await expect(rowsOf([{ name: "sidecode", type: TINYINT, values: [300] }])).rejects.toThrow(/300/);
  });
});
