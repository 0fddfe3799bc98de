import {
  Button,
  Group,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type ReactNode, useMemo, useState } from "react";
import { datedFileName, downloadCsv } from "../../../lib/download.ts";
import { AdminPhoneRow } from "./admin-phone-row.tsx";

type Value = string | number | boolean | null;

export interface Column<T> {
  key: string;
  label: string;
  /** What the column sorts, filters and exports by. */
  value: (row: T) => Value;
  /** The cell; the value as text when left out. */
  render?: (row: T) => ReactNode;
  /** The exported text; the value as text when left out. */
  csv?: (row: T) => string;
  align?: "right";
  /** Keep the cell on one line (badges, amounts, dates). */
  nowrap?: boolean;
  /**
   * Only in the table (a cell combining two facts) or only in the CSV (those facts one per column, as a
   * spreadsheet wants them); both when left out.
   */
  only?: "table" | "csv";
  /** On a phone's row beside the first column (a status); the other columns open below the row. */
  onPhone?: boolean;
}

type Sort = { key: string; direction: "ascending" | "descending" } | null;
type StatusFilter = "alle" | "actief" | "inactief";

const collator = new Intl.Collator("nl-NL", { numeric: true, sensitivity: "base" });

function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === "string" || typeof b === "string") return collator.compare(String(a), String(b));
  return Number(a) - Number(b);
}

const text = (value: Value) => (value === null ? "" : String(value));

/**
 * The one list of the admin screens: sorts by any column (click the heading), filters by text and by
 * status, and exports what it shows as CSV.
 */
export function AdminTable<T>(props: {
  /** Accessible name of the table, and the CSV file's name. */
  label: string;
  csvName: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  isActive?: (row: T) => boolean;
  actions?: (row: T) => ReactNode;
  /** Shown when there are no rows at all (not merely none matching the filter). */
  empty: ReactNode;
}) {
  const { columns, isActive } = props;
  const shownColumns = columns.filter((column) => column.only !== "csv");
  const csvColumns = columns.filter((column) => column.only !== "table");
  const phone = useMediaQuery("(max-width: 767.98px)") ?? false;
  const headColumns = phone ? shownColumns.filter((c, index) => index === 0 || c.onPhone) : shownColumns;
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("alle");
  const [sort, setSort] = useState<Sort>(null);

  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase("nl-NL");
    const rows = props.rows.filter(
      (row) =>
        (status === "alle" || !isActive || isActive(row) === (status === "actief")) &&
        (!needle ||
          columns.some((column) =>
            (column.csv?.(row) ?? text(column.value(row))).toLocaleLowerCase("nl-NL").includes(needle),
          )),
    );
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!sort || !column) return rows;
    const sign = sort.direction === "ascending" ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(column.value(a), column.value(b)));
  }, [props.rows, columns, isActive, query, status, sort]);

  const toggleSort = (key: string) =>
    setSort((current) =>
      current?.key !== key
        ? { key, direction: "ascending" }
        : current.direction === "ascending"
          ? { key, direction: "descending" }
          : null,
    );

  const exportCsv = () =>
    downloadCsv(
      datedFileName(props.csvName),
      csvColumns.map((column) => column.label),
      shown.map((row) => csvColumns.map((column) => column.csv?.(row) ?? text(column.value(row)))),
    );

  if (props.rows.length === 0) return <>{props.empty}</>;

  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            label="Zoeken"
            placeholder="Typ om te filteren"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            w={260}
          />
          {isActive && (
            <SegmentedControl
              aria-label="Status"
              value={status}
              onChange={(value) => setStatus(value as StatusFilter)}
              data={[
                { value: "alle", label: "Alle" },
                { value: "actief", label: "Actief" },
                { value: "inactief", label: "Inactief" },
              ]}
            />
          )}
        </Group>
        <Group gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown.length} van {props.rows.length}
          </Text>
          <Button variant="default" onClick={exportCsv} disabled={shown.length === 0}>
            CSV exporteren
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={phone ? 0 : 720}>
        <Table aria-label={props.label} striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {headColumns.map((column) => (
                <Table.Th
                  key={column.key}
                  aria-sort={sort?.key === column.key ? sort.direction : undefined}
                  style={{ textAlign: column.align }}
                >
                  <UnstyledButton
                    onClick={() => toggleSort(column.key)}
                    fw={700}
                    fz="sm"
                    style={{ whiteSpace: "nowrap" }}
                  >
                    {column.label}
                    <span aria-hidden="true">
                      {sort?.key === column.key ? (sort.direction === "ascending" ? " ▲" : " ▼") : " ↕"}
                    </span>
                  </UnstyledButton>
                </Table.Th>
              ))}
              {phone ? (
                <Table.Th w={36}>
                  <VisuallyHidden>Meer</VisuallyHidden>
                </Table.Th>
              ) : (
                props.actions && <Table.Th>Acties</Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) =>
              phone ? (
                <AdminPhoneRow
                  key={props.rowKey(row)}
                  name={text(shownColumns[0].value(row))}
                  shown={headColumns.map((column) => cellOf(column, row))}
                  rest={shownColumns.filter((c) => !headColumns.includes(c)).map((c) => cellOf(c, row))}
                  actions={props.actions?.(row)}
                />
              ) : (
                <Table.Tr key={props.rowKey(row)}>
                  {shownColumns.map((column) => (
                    <Table.Td
                      key={column.key}
                      style={{ textAlign: column.align, whiteSpace: column.nowrap ? "nowrap" : undefined }}
                    >
                      {column.render ? column.render(row) : text(column.value(row))}
                    </Table.Td>
                  ))}
                  {props.actions && (
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {props.actions(row)}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          Niets gevonden voor dit filter.
        </Text>
      )}
    </>
  );
}

const cellOf = <T,>(column: Column<T>, row: T) => ({
  key: column.key,
  label: column.label,
  align: column.align,
  content: column.render ? column.render(row) : text(column.value(row)),
});
