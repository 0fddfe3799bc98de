import { Anchor, Button, Group, Paper, Table, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { formatNumber } from "../../../shared/format.ts";
import type {
  Cell,
  Column,
  ColumnLink,
  Table as ReportTableData,
  TableRow,
} from "../../../shared/reports/envelope.ts";
import { downloadTableCsv } from "./csv.ts";
import { changeColor, formatChange, formatValue } from "./format-value.ts";

export const EMPTY_TEXT = "Geen gegevens voor deze periode";

type Sort = { key: string; direction: "ascending" | "descending" } | null;

const numeric = (column: Column) => column.type !== "text" && column.type !== "datetime";

function compare(a: Cell, b: Cell): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b), "nl");
}

type LinkHref = (link: ColumnLink, row: TableRow) => string | null;

/**
 * A report table: sorts on any column (empty cells last), keeps the totals row below, exports CSV. A cell
 * of a column with a link leads to the next level; a long table shows its top rows, a row for the rest,
 * a search box, and exports all of its rows.
 */
export function ReportTable({
  table,
  fileName,
  linkHref,
  fullTable,
  search = "",
  onSearch,
}: {
  table: ReportTableData;
  fileName: string;
  linkHref?: LinkHref;
  /** The table with every row (`rows=all`), for the CSV of a cut table. */
  fullTable?: () => Promise<ReportTableData | null>;
  search?: string;
  onSearch?: (text: string) => void;
}) {
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
    <Paper withBorder p="md" radius="md" data-testid={`table-${table.key}`}>
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
          <Button variant="default" size="xs" disabled={table.rows.length === 0} onClick={exportCsv}>
            Exporteer CSV
          </Button>
        </Group>
      </Group>
      {table.cut && cut && (
        <Text size="xs" c="dimmed" mb="xs" data-testid="table-cut">
          De {formatNumber(table.cut.shown)} grootste van {formatNumber(table.cut.total)} rijen; de rest staat
          samen in één rij. De CSV bevat alle rijen.
        </Text>
      )}
      {table.rows.length === 0 ? (
        <Text c="dimmed" py="md">
          {EMPTY_TEXT}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={table.columns.length * 110}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    aria-sort={sort?.key === column.key ? sort.direction : undefined}
                    ta={numeric(column) ? "right" : "left"}
                    title={column.hint}
                  >
                    <UnstyledButton onClick={() => toggle(column)} fz="sm" fw={700} data-print="hide">
                      {column.label}
                      {sort?.key === column.key ? (sort.direction === "descending" ? " ▼" : " ▲") : ""}
                    </UnstyledButton>
                    {/* Chromium leaves a button out of the header it repeats on every printed page. */}
                    <span data-print="only">{column.label}</span>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                // Rows have no id of their own; the first column names them and the order is the sort's.
                <Line
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={`${row[table.columns[0].key]}-${index}`}
                  columns={table.columns}
                  row={row}
                  linkHref={linkHref}
                />
              ))}
              {table.cut?.rest && <Line columns={table.columns} row={table.cut.rest} dimmed />}
            </Table.Tbody>
            {table.totals && (
              <Table.Tfoot>
                <Line columns={table.columns} row={table.totals} bold />
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function Line({
  columns,
  row,
  bold,
  dimmed,
  linkHref,
}: {
  columns: Column[];
  row: TableRow;
  bold?: boolean;
  dimmed?: boolean;
  linkHref?: LinkHref;
}) {
  return (
    <Table.Tr
      fw={bold ? 700 : undefined}
      c={dimmed ? "dimmed" : undefined}
      fs={dimmed ? "italic" : undefined}
    >
      {columns.map((column) => {
        const value = row[column.key];
        if (column.change) {
          const change = typeof value === "number" ? value : null;
          return (
            <Table.Td
              key={column.key}
              ta="right"
              c={changeColor(change, column.good)}
              style={{ whiteSpace: "nowrap" }}
            >
              {change === null ? "–" : formatChange(change)}
            </Table.Td>
          );
        }
        const text = formatValue(value, column.type);
        const href = column.link && linkHref && value !== null ? linkHref(column.link, row) : null;
        return (
          <Table.Td key={column.key} ta={numeric(column) ? "right" : "left"} style={{ whiteSpace: "nowrap" }}>
            {href ? (
              <Anchor component={Link} to={href} size="sm">
                {text}
              </Anchor>
            ) : (
              text
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
