import { ActionIcon, Group, Table } from "@mantine/core";
import { type ReactNode, useId, useState } from "react";
import classes from "./admin-table.module.css";

export interface PhoneCell {
  key: string;
  label: string;
  content: ReactNode;
  align?: "right";
}

/**
 * A row of an admin list on a phone: its name and status, and a button that opens the rest (and the row's
 * actions) below it as a list of label and value.
 */
export function AdminPhoneRow({
  name,
  shown,
  rest,
  actions,
}: {
  name: string;
  shown: PhoneCell[];
  rest: PhoneCell[];
  actions?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Table.Tr>
        {shown.map((cell) => (
          <Table.Td key={cell.key} style={{ textAlign: cell.align }}>
            {cell.content}
          </Table.Td>
        ))}
        <Table.Td px={4} w={36}>
          <ActionIcon
            variant="subtle"
            aria-expanded={open}
            aria-controls={id}
            aria-label={`Alles van ${name}`}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">{open ? "▴" : "▾"}</span>
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
      <Table.Tr id={id} hidden={!open}>
        <Table.Td colSpan={shown.length + 1}>
          <dl className={classes.details}>
            {rest.map((cell) => (
              <div key={cell.key} style={{ display: "contents" }}>
                <dt>{cell.label}</dt>
                <dd>{cell.content}</dd>
              </div>
            ))}
          </dl>
          {actions && (
            <Group gap={6} mt="xs">
              {actions}
            </Group>
          )}
        </Table.Td>
      </Table.Tr>
    </>
  );
}
