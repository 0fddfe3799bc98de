import {
  Button,
  Group,
  Paper,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { formatNumber } from "../../../shared/format.ts";
import type { Cell, Column, Table as ReportTableData, TableRow } from "../../../shared/reports/envelope.ts";
import { ColumnChooser } from "./column-chooser.tsx";
import { downloadTableCsv } from "./csv.ts";
import { ColumnHint } from "./metric-hint.tsx";
import { PrintBlocks, printsWide } from "./print-blocks.tsx";
import classes from "./report-table.module.css";
import { keyColumnsOf, shownColumns } from "./table-layout.ts";
import { Line, type LinkHref, numeric, PhoneLine } from "./table-rows.tsx";

export const EMPTY_TEXT = "Geen gegevens voor deze periode";

type Sort = { key: string; direction: "ascending" | "descending" } | null;

function compare(a: Cell, b: Cell): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b), "nl");
}

/**
 * A report table: sorts on any column (empty cells last), keeps the totals row below, exports CSV. A cell
 * of a column with a link leads to the next level; a long table shows its top rows, a row for the rest,
 * a search box, and exports all of its rows. Its key columns come first and the first sticks to the left
 * while the rest scrolls; "Kolommen" chooses the others. On a phone a row shows its key columns and opens
 * to the rest; on paper a wide table is printed as blocks of columns.
 */
export function ReportTable({
  table,
  fileName,
  linkHref,
  fullTable,
  search = "",
  onSearch,
  keyColumns,
  chosen = null,
  onChoose,
}: {
  table: ReportTableData;
  fileName: string;
  linkHref?: LinkHref;
  /** The table with every row (`rows=all`), for the CSV of a cut table. */
  fullTable?: () => Promise<ReportTableData | null>;
  search?: string;
  onSearch?: (text: string) => void;
  /** The declaration's key columns of this table; default its first columns. */
  keyColumns?: readonly string[];
  /** The chosen columns (`cols.<table>` in the URL); null: all. */
  chosen?: string[] | null;
  onChoose?: (keys: string[] | null) => void;
}) {
  const phone = useMediaQuery("(max-width: 767.98px)") ?? false;
  const keys = keyColumnsOf(table.columns, keyColumns);
  const ordered = shownColumns(table.columns, keys, null);
  const columns = shownColumns(table.columns, keys, chosen);
  // A phone's row: the name and the first two key figures that are shown; the rest opens below it.
  const phoneKeys = Math.min(3, Math.max(1, columns.filter((column) => keys.includes(column.key)).length));
  // The totals and the rest row are named in the table's first column ("Totaal"): so is the column shown first.
  const named = (row: TableRow) => ({ ...row, [columns[0].key]: row[table.columns[0].key] });
  const Row = phone ? PhoneLine : Line;
  const line = { columns, keys: phoneKeys };
  const [sort, setSort] = useState<Sort>(null);
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  // The search goes to the server (it ranks and cuts), once typing pauses.
  useEffect(() => {
    if (typed === search || !onSearch) return;
    const timer = setTimeout(() => onSearch(typed.trim()), 400);
    return () => clearTimeout(timer);
  }, [typed, search, onSearch]);
  const cut = table.cut && table.cut.shown < table.cut.total;
  const exportCsv = async () => {
    const whole = cut && fullTable ? ((await fullTable()) ?? table) : table;
    downloadTableCsv(`${fileName}-${table.key}.csv`, whole);
  };
  const rows = useMemo(() => {
    if (!sort) return table.rows;
    const sign = sort.direction === "ascending" ? 1 : -1;
    return [...table.rows].sort((a, b) => {
      const [x, y] = [a[sort.key], b[sort.key]];
      // Empty cells stay at the bottom in both directions.
      if (x === null || y === null) return compare(x, y);
      return sign * compare(x, y);
    });
  }, [table.rows, sort]);

  const toggle = (column: Column) =>
    setSort((current) =>
      current?.key === column.key
        ? { key: column.key, direction: current.direction === "descending" ? "ascending" : "descending" }
        : { key: column.key, direction: numeric(column) ? "descending" : "ascending" },
    );

  return (
    <>
      <Paper withBorder p={{ base: "xs", sm: "md" }} radius="md" data-testid={`table-${table.key}`}>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {table.label}
          </Title>
          <Group gap="xs" data-print="hide">
            {table.searchable && onSearch && (
              <TextInput
                size="xs"
                placeholder="Zoeken…"
                aria-label={`Zoeken in ${table.label.toLowerCase()}`}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                w={180}
              />
            )}
            {onChoose && table.columns.length > 2 && (
              <ColumnChooser label={table.label} columns={ordered} chosen={chosen} onChoose={onChoose} />
            )}
            <Button variant="default" size="xs" disabled={table.rows.length === 0} onClick={exportCsv}>
              Exporteer CSV
            </Button>
          </Group>
        </Group>
        {table.cut && cut && (
          <Text size="xs" c="dimmed" mb="xs" data-testid="table-cut">
            {table.cut.rest
              ? `De ${formatNumber(table.cut.shown)} grootste van ${formatNumber(table.cut.total)} rijen; de rest staat samen in één rij.`
              : `De eerste ${formatNumber(table.cut.shown)} van ${formatNumber(table.cut.total)} rijen.`}{" "}
            De CSV bevat alle rijen.
          </Text>
        )}
        {table.rows.length === 0 ? (
          <Text c="dimmed" py="md">
            {EMPTY_TEXT}
          </Text>
        ) : (
          <>
            <div
              className={classes.scroll}
              data-table-scroll
              data-print={printsWide(columns) ? "hide" : undefined}
            >
              <Table
                striped={!phone}
                highlightOnHover
                verticalSpacing={6}
                horizontalSpacing={phone ? 6 : "xs"}
                fz={phone ? "xs" : "sm"}
                className={phone ? classes.phone : undefined}
              >
                <Table.Thead>
                  <Table.Tr>
                    {(phone ? columns.slice(0, phoneKeys) : columns).map((column, index) => (
                      <Table.Th
                        key={column.key}
                        aria-sort={sort?.key === column.key ? sort.direction : undefined}
                        ta={numeric(column) ? "right" : "left"}
                        title={column.hint}
                        className={index === 0 ? classes.sticky : undefined}
                        data-column={column.key}
                      >
                        <UnstyledButton
                          onClick={() => toggle(column)}
                          fz={phone ? "xs" : "sm"}
                          fw={700}
                          data-print="hide"
                        >
                          {column.label}
                          {sort?.key === column.key ? (sort.direction === "descending" ? " ▼" : " ▲") : ""}
                        </UnstyledButton>
                        {/* Chromium leaves a button out of the header it repeats on every printed page. */}
                        <span data-print="only">{column.label}</span>
                        {column.hint && <ColumnHint column={{ ...column, hint: column.hint }} />}
                      </Table.Th>
                    ))}
                    {phone && columns.length > phoneKeys && (
                      <Table.Th w={36}>
                        <VisuallyHidden>Meer</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    // Rows have no id of their own; the first column names them and the order is the sort's.
                    <Row
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={`${row[table.columns[0].key]}-${index}`}
                      {...line}
                      row={row}
                      linkHref={linkHref}
                    />
                  ))}
                  {table.cut?.rest && <Row {...line} row={named(table.cut.rest)} dimmed />}
                </Table.Tbody>
                {table.totals && (
                  <Table.Tfoot>
                    <Row {...line} row={named(table.totals)} bold />
                  </Table.Tfoot>
                )}
              </Table>
            </div>
          </>
        )}
      </Paper>
      {/* beside the screen's table, not inside it: its rows are the paper's, not more rows of the table */}
      {table.rows.length > 0 && (
        <PrintBlocks
          columns={columns}
          rows={rows}
          rest={table.cut?.rest && named(table.cut.rest)}
          totals={table.totals && named(table.totals)}
        />
      )}
    </>
  );
}
