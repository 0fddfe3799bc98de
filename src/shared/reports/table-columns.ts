// Which columns of a report table are shown is part of the view: `cols.<table key>=a,b` in the query string,
// so a link, a reload and a saved view keep the choice. The report endpoint never sees it (the columns are
// the screen's, not the figures'); a saved view accepts it for the report's own tables.

export const COLUMNS_PARAM_PREFIX = "cols.";

/** `cols.by_ad`: the query-string key holding the chosen columns of a table. */
export const columnsParam = (tableKey: string) => `${COLUMNS_PARAM_PREFIX}${tableKey}`;

/** The table a query-string key chooses the columns of, or null when it is no such key. */
export const columnsParamTable = (key: string): string | null =>
  key.startsWith(COLUMNS_PARAM_PREFIX) ? key.slice(COLUMNS_PARAM_PREFIX.length) : null;

/** Column keys are identifiers: lower case, digits and underscores, comma-separated. */
const VALUE = /^[a-z0-9_]+(,[a-z0-9_]+)*$/;

/** The chosen column keys, in their order; null when the value is not a list of column keys. */
export function parseColumnsValue(value: string): string[] | null {
  return VALUE.test(value) ? value.split(",") : null;
}
