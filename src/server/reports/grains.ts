// A report's figures at several grains (the whole period, per bucket, per site, per site and camera…) come
// out of one GROUPING SETS query. A report declares its grains — name → the columns it groups by — and
// this file writes the rest: the grouping sets (each with the window `win`), the `grain` column naming
// each row's set, and the joins that give id columns their names. `byGrain` (sql.ts) splits the rows.

/** Name → the columns of that grouping set; `total` (no columns) is always there. */
export type GrainColumns = Record<string, readonly string[]>;

/** Id columns the grouped rows are named by, and how: one join each, written here once. */
const NAMED_BY: Record<string, { join: string; select: string[] }> = {
  site_id: { join: "LEFT JOIN sites s ON s.id = g.site_id", select: ["s.name AS site_name"] },
  item_id: {
    join: "LEFT JOIN items i ON i.id = g.item_id",
    select: ["i.code AS item_code", "i.name AS item_name"],
  },
};

export interface Grouping<G extends string> {
  grains: readonly G[];
  /** A value per grain (`sum(first_in_bucket)` per bucket, `sum(first_at_site)` per site…). */
  perGrain: (values: Record<G, string>) => string;
  /**
   * The grouped query: `measures` (aggregates) over `from`, with the grain column, the grouping columns
   * and their names. `select` replaces the outer `g.*` where a report renames or drops columns.
   */
  query: (parts: {
    measures: string[];
    from: string;
    having?: string;
    select?: string;
    order?: string;
  }) => string;
}

export function grouping<const D extends GrainColumns>(declared: D): Grouping<(keyof D & string) | "total"> {
  type G = keyof D & string;
  const sets = Object.entries(declared) as [G, readonly string[]][];
  // Larger sets first: the per-site-and-camera rows also have GROUPING(site_id) = 0.
  const tested = [...sets].sort((a, b) => b[1].length - a[1].length);
  const columns = [...new Set(sets.flatMap(([, cols]) => cols))];
  const when = (cols: readonly string[]) => cols.map((col) => `GROUPING(${col}) = 0`).join(" AND ");
  const caseOf = (value: (grain: G | "total") => string) =>
    tested.length === 0
      ? value("total")
      : `CASE ${tested.map(([grain, cols]) => `WHEN ${when(cols)} THEN ${value(grain)}`).join(" ")} ELSE ${value("total")} END`;
  const named = columns.filter((col) => NAMED_BY[col]);

  return {
    grains: ["total", ...sets.map(([grain]) => grain)],
    perGrain: (values) => caseOf((grain) => values[grain]),
    query: ({ measures, from, having, select, order }) => {
      const outer = select ?? ["g.*", ...named.flatMap((col) => NAMED_BY[col].select)].join(", ");
      const groupingSets = ["(win)", ...sets.map(([, cols]) => `(win, ${cols.join(", ")})`)].join(", ");
      return `SELECT ${outer} FROM (
  SELECT win,
    ${caseOf((grain) => `'${grain}'`)} AS grain,
    ${[...columns, ...measures].join(",\n    ")}
  FROM ${from}
  GROUP BY GROUPING SETS (${groupingSets})${having ? `\n  HAVING ${having}` : ""}
) g${named.map((col) => ` ${NAMED_BY[col].join}`).join("")}${order ? `\nORDER BY ${order}` : ""}`;
    },
  };
}
