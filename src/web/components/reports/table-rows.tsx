import { ActionIcon, Anchor, Table, Text } from "@mantine/core";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { Column, ColumnLink, TableRow } from "../../../shared/reports/envelope.ts";
import { changeColor, formatChange, formatValue } from "./format-value.ts";
import { ColumnHint } from "./metric-hint.tsx";
import classes from "./report-table.module.css";

export type LinkHref = (link: ColumnLink, row: TableRow) => string | null;

export const numeric = (column: Column) => column.type !== "text" && column.type !== "datetime";

interface RowProps {
  columns: Column[];
  row: TableRow;
  bold?: boolean;
  dimmed?: boolean;
  linkHref?: LinkHref;
}

const rowStyle = ({ bold, dimmed }: Pick<RowProps, "bold" | "dimmed">) => ({
  fw: bold ? 700 : undefined,
  c: dimmed ? "dimmed" : undefined,
  fs: dimmed ? "italic" : undefined,
});

/** A cell's content: a change coloured by its direction, a value in nl-NL, a link to the next level. */
function CellValue({ column, row, linkHref }: { column: Column; row: TableRow; linkHref?: LinkHref }) {
  const value = row[column.key];
  if (column.change) {
    const change = typeof value === "number" ? value : null;
    return (
      <Text span inherit c={changeColor(change, column.good)}>
        {change === null ? "–" : formatChange(change)}
      </Text>
    );
  }
  const text = formatValue(value, column.type);
  const href = column.link && linkHref && value !== null ? linkHref(column.link, row) : null;
  return href ? (
    <Anchor component={Link} to={href} size="sm">
      {text}
    </Anchor>
  ) : (
    text
  );
}

/** A row of the table: every shown column, the first sticking to the left when the table scrolls. */
export function Line({ columns, row, linkHref, bold, dimmed }: RowProps & { keys?: number }) {
  return (
    <Table.Tr {...rowStyle({ bold, dimmed })}>
      {columns.map((column, index) => (
        <Table.Td
          key={column.key}
          ta={numeric(column) || column.change ? "right" : "left"}
          className={index === 0 ? classes.sticky : undefined}
        >
          <CellValue column={column} row={row} linkHref={linkHref} />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/**
 * A row on a phone: its name and key figures, and a button that opens the rest below it as a list of
 * label and value.
 */
export function PhoneLine({ columns, keys, row, linkHref, ...style }: RowProps & { keys: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const [shown, rest] = [columns.slice(0, keys), columns.slice(keys)];
  const name = formatValue(row[columns[0].key], columns[0].type);
  return (
    <>
      <Table.Tr {...rowStyle(style)}>
        {shown.map((column, index) => (
          <Table.Td
            key={column.key}
            ta={numeric(column) || column.change ? "right" : "left"}
            className={index === 0 ? `${classes.sticky} ${classes.phoneName}` : undefined}
          >
            <CellValue column={column} row={row} linkHref={linkHref} />
          </Table.Td>
        ))}
        {rest.length > 0 && (
          <Table.Td px={4} w={36}>
            <ActionIcon
              variant="subtle"
              aria-expanded={open}
              aria-controls={id}
              aria-label={`Alle cijfers van ${name}`}
              onClick={() => setOpen(!open)}
            >
              <span aria-hidden="true">{open ? "▴" : "▾"}</span>
            </ActionIcon>
          </Table.Td>
        )}
      </Table.Tr>
      {rest.length > 0 && (
        <Table.Tr id={id} hidden={!open}>
          <Table.Td colSpan={shown.length + 1}>
            <dl className={classes.details}>
              {rest.map((column) => (
                <div key={column.key} style={{ display: "contents" }}>
                  <dt>
                    {column.label}
                    {column.hint && <ColumnHint column={{ ...column, hint: column.hint }} />}
                  </dt>
                  <dd>
                    <CellValue column={column} row={row} linkHref={linkHref} />
                  </dd>
                </div>
              ))}
            </dl>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
