import type { Column } from "../../../shared/reports/envelope.ts";

// Which columns of a report table matter most, and so come first, stay on a phone's row and open the
// printed blocks. A declaration names a table's key columns (the naming column, then the figures the screen
// exists for); without one they are the table's first columns.

/** How many of its first columns are a table's key columns when its declaration names none. */
const DEFAULT_KEY_COUNT = 4;
/** Columns per printed block of a wide table, the naming column included (A4 landscape). */
export const PRINT_BLOCK_SIZE = 10;

/** The key columns of a table, most important first: the declared ones it has, or its first columns. */
export function keyColumnsOf(columns: Column[], declared?: readonly string[]): string[] {
  const keys = (declared ?? []).filter((key) => columns.some((column) => column.key === key));
  return keys.length > 0 ? keys : columns.slice(0, DEFAULT_KEY_COUNT).map((column) => column.key);
}

/**
 * The columns as shown: the key columns first, in their order, then the others in the table's order;
 * only the chosen ones when there is a choice, and the first key column (the row's name) always.
 */
export function shownColumns(columns: Column[], keys: string[], chosen: string[] | null): Column[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const ordered = [
    ...keys.flatMap((key) => byKey.get(key) ?? []),
    ...columns.filter((column) => !keys.includes(column.key)),
  ];
  if (!chosen) return ordered;
  return ordered.filter((column, index) => index === 0 || chosen.includes(column.key));
}

/** A wide table printed as blocks of columns below each other, each block led by the naming column. */
export function printBlocks(columns: Column[], size = PRINT_BLOCK_SIZE): Column[][] {
  const [name, ...rest] = columns;
  if (!name) return [];
  const blocks: Column[][] = [];
  for (let start = 0; start < rest.length || start === 0; start += size - 1) {
    blocks.push([name, ...rest.slice(start, start + size - 1)]);
  }
  return blocks;
}
