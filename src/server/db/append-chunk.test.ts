import { INTEGER, VARCHAR } from "@duckdb/node-api";
import { afterEach, beforeEach, expect, it } from "vitest";
import { appendColumns } from "./append-chunk.ts";
import { Database } from "./database.ts";

let db: Database;
beforeEach(async () => {
  db = await Database.open(":memory:", 1);
  await db.run("CREATE TABLE appended (n INTEGER, label VARCHAR)");
});
afterEach(() => db.close());

it("appends more rows than one data chunk holds, every row once and in order", async () => {
  // 2 048 + 2 048 + 904: two full chunks and a part one.
  const numbers = Array.from({ length: 5000 }, (_, i) => i + 1);
  await db.withConnection(async (connection) => {
    const appender = await connection.createAppender("appended");
    appendColumns(appender, [INTEGER, VARCHAR], [numbers, numbers.map((n) => `r${n}`)]);
    appender.closeSync();
  });
  // 1 + 2 + … + 5 000 = 5 000 × 5 001 / 2
  expect(
    await db.query(
      "SELECT count(*)::INTEGER AS rows, sum(n)::BIGINT AS total, count(*) FILTER (WHERE label <> 'r' || n)::INTEGER AS wrong FROM appended",
    ),
  ).toEqual([{ rows: 5000, total: 12_502_500, wrong: 0 }]);
  expect(await db.query("SELECT n FROM appended LIMIT 1 OFFSET 2048")).toEqual([{ n: 2049 }]);
});
