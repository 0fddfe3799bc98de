import { Table } from "@mantine/core";
import type { Column, TableRow } from "../../../shared/reports/envelope.ts";
import { printBlocks } from "./table-layout.ts";
import { Line, numeric } from "./table-rows.tsx";

/**
 * A wide table on paper: blocks of columns below each other, each led by the row's name, so that no column
 * falls off the page. Printed on A4 landscape (print.css: `data-print-wide`); a table that fits one block
 * prints as it is on screen, and this draws nothing.
 */
export function PrintBlocks({
  columns,
  rows,
  rest,
  totals,
}: {
  columns: Column[];
  rows: TableRow[];
  rest?: TableRow | null;
  totals: TableRow | null;
}) {
  const blocks = printBlocks(columns);
  if (blocks.length < 2) return null;
  return (
    <div data-print="only" data-print-wide>
      {blocks.map((block) => (
        <Table key={block[1]?.key ?? block[0].key} fz="xs" verticalSpacing={2} mb="md">
          <Table.Thead>
            <Table.Tr>
              {block.map((column) => (
                <Table.Th key={column.key} ta={numeric(column) ? "right" : "left"}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the order is the screen's
              <Line key={index} columns={block} row={row} />
            ))}
            {rest && <Line columns={block} row={rest} dimmed />}
          </Table.Tbody>
          {totals && (
            <Table.Tfoot>
              <Line columns={block} row={totals} bold />
            </Table.Tfoot>
          )}
        </Table>
      ))}
    </div>
  );
}

/** Whether a table with these columns prints as blocks (and so the page in landscape). */
export const printsWide = (columns: Column[]) => printBlocks(columns).length > 1;
