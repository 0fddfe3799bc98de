import { Button, Group, Paper, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { useMemo, useState } from "react";
import type { Cell, Column, Table as ReportTableData, TableRow } from "../../../shared/reports/envelope.ts";
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

/** A report table: sorts on any column (empty cells last), keeps the totals row below, exports CSV. */
export function ReportTable({ table, fileName }: { table: ReportTableData; fileName: string }) {
  const [sort, setSort] = useState<Sort>(null);
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
        <Button
          variant="default"
          size="xs"
          disabled={table.rows.length === 0}
          onClick={() => downloadTableCsv(`${fileName}-${table.key}.csv`, table)}
        >
          Exporteer CSV
        </Button>
      </Group>
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
                    <UnstyledButton onClick={() => toggle(column)} fz="sm" fw={700}>
                      {column.label}
                      {sort?.key === column.key ? (sort.direction === "descending" ? " ▼" : " ▲") : ""}
                    </UnstyledButton>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                // Rows have no id of their own; the first column names them and the order is the sort's.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Line key={`${row[table.columns[0].key]}-${index}`} columns={table.columns} row={row} />
              ))}
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

function Line({ columns, row, bold }: { columns: Column[]; row: TableRow; bold?: boolean }) {
  return (
    <Table.Tr fw={bold ? 700 : undefined}>
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
        return (
          <Table.Td key={column.key} ta={numeric(column) ? "right" : "left"} style={{ whiteSpace: "nowrap" }}>
            {formatValue(value, column.type)}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
