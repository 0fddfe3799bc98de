import { useSearchParams } from "react-router";
import { columnsParam, columnsParamTable, parseColumnsValue } from "../../../shared/reports/table-columns.ts";

/**
 * The columns chosen per table of a report screen, kept in the URL (`cols.<table>=a,b`) beside the filters,
 * so that a reload, a link and a saved view show the same columns. Never sent to the report endpoint.
 */
export function useColumnChoice() {
  const [params, setParams] = useSearchParams();
  const chosen = (table: string): string[] | null => {
    const value = params.get(columnsParam(table));
    return value ? parseColumnsValue(value) : null;
  };
  const choose = (table: string, keys: string[] | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (keys) next.set(columnsParam(table), keys.join(","));
        else next.delete(columnsParam(table));
        return next;
      },
      { replace: true },
    );
  /** The choices as query-string entries, for a saved view. */
  const search = Object.fromEntries([...params].filter(([key]) => columnsParamTable(key) !== null));
  return { chosen, choose, search };
}
