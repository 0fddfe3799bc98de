// Asking several tables the same thing in one statement. As scalar subqueries of one SELECT
// (`SELECT (SELECT count(*) FROM a) AS a, (SELECT count(*) FROM b) AS b, …`) DuckDB's optimizer plans them
// as a join of single rows: 22–28 ms for the eleven fact tables, empty or holding the 1× chain, against 2–4
// ms as a UNION ALL of one query per table. Every catch-up under a watermark asked so (which views it needs),
// and so did every round of the refresher (its watermark, its input).

/**
 * One statement of `queries` (each a SELECT of at most one row) whose answer is their rows together; a
 * SELECT, which database.ts counts as a plain read.
 */
export const oneRowEach = (queries: readonly string[]): string =>
  `SELECT * FROM (${queries.map((query) => `(${query})`).join(" UNION ALL ")})`;
