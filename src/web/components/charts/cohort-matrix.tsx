import { Table, Text } from "@mantine/core";
import { formatNumber, formatPercent } from "../../../shared/format.ts";
import { NO_FIGURE } from "../reports/format-value.ts";
import { ScrollBox } from "./scroll-box.tsx";

// A retention matrix drawn as a shaded table: one row per cohort, one column per period since its start,
// the darker the larger the share that came back. Text stays dark on every shade, so it keeps its contrast.

export interface CohortMatrixRow {
  /** How the cohort is named (`januari 2026`). */
  label: string;
  size: number;
  /** Per column: the share of the cohort back in that period; null where the period has not happened. */
  cells: ({ count: number; share: number | null } | null)[];
}

const SHADE = [24, 100, 171]; // Mantine blue 8, the theme's primary shade
const MAX_ALPHA = 0.55;

/** Background for a share: scaled to the largest share after the first column, which is always the whole cohort. */
function shade(share: number, largest: number): string {
  const alpha = 0.06 + (MAX_ALPHA - 0.06) * Math.min(1, largest > 0 ? share / largest : 0);
  return `rgba(${SHADE.join(", ")}, ${alpha.toFixed(3)})`;
}

export function CohortMatrix(props: {
  rows: CohortMatrixRow[];
  columnLabel: (index: number) => string;
  cohortHeading: string;
  /** The heading of the cohorts' sizes: who they count. */
  sizeHeading?: string;
  caption: string;
}) {
  const { rows, columnLabel } = props;
  const columns = Math.max(0, ...rows.map((row) => row.cells.length));
  const largest = Math.max(
    0,
    ...rows.flatMap((row) => row.cells.slice(1).map((cell) => (row.size > 0 ? (cell?.share ?? 0) : 0))),
  );
  return (
    <ScrollBox minWidth={160 + columns * 64} label={props.caption}>
      <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} horizontalSpacing={6}>
        <Table.Caption>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{props.cohortHeading}</Table.Th>
            <Table.Th scope="col" ta="right">
              {props.sizeHeading ?? "Klanten"}
            </Table.Th>
            {Array.from({ length: columns }, (_, index) => (
              <Table.Th key={columnLabel(index)} scope="col" ta="right">
                {columnLabel(index)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right">{formatNumber(row.size)}</Table.Td>
              {row.cells.map((cell, index) => {
                const key = `${row.label}-${index}`;
                if (!cell || cell.share === null) {
                  return (
                    <Table.Td key={key} ta="right" c="dimmed">
                      {cell ? NO_FIGURE : ""}
                    </Table.Td>
                  );
                }
                return (
                  <Table.Td
                    key={key}
                    ta="right"
                    style={{ background: index === 0 ? shade(1, 1) : shade(cell.share, largest) }}
                    title={`${formatNumber(cell.count)} van ${formatNumber(row.size)}`}
                  >
                    <Text span fz="xs" c="dark.9">
                      {formatPercent(cell.share)}
                    </Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}
