import { Button, Checkbox, Popover, Stack } from "@mantine/core";
import type { Column } from "../../../shared/reports/envelope.ts";

/**
 * "Kolommen": which columns of a table are shown. `columns` are all of them in the order shown; the first
 * names the row and stays. Choosing every column is no choice (null): the table shows all, the URL nothing.
 */
export function ColumnChooser({
  label,
  columns,
  chosen,
  onChoose,
}: {
  label: string;
  columns: Column[];
  chosen: string[] | null;
  onChoose: (keys: string[] | null) => void;
}) {
  const [name, ...others] = columns;
  const isShown = (key: string) => !chosen || chosen.includes(key);
  const toggle = (key: string, shown: boolean) => {
    const next = others.map((c) => c.key).filter((k) => (k === key ? shown : isShown(k)));
    onChoose(next.length === others.length ? null : [name.key, ...next]);
  };
  // Stays open while the page scrolls under it: on a low window its lower boxes are reached by scrolling,
  // which takes the button out of view (Mantine hides a detached dropdown by default).
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus hideDetached={false}>
      <Popover.Target>
        <Button variant="default" size="xs" aria-label={`Kolommen: ${label}`}>
          Kolommen{chosen ? ` (${chosen.length}/${columns.length})` : ""}
        </Button>
      </Popover.Target>
      <Popover.Dropdown mah={360} style={{ overflowY: "auto" }}>
        <Stack gap={6} role="group" aria-label={`Kolommen: ${label}`}>
          <Checkbox size="xs" label={name.label} checked disabled />
          {others.map((column) => (
            <Checkbox
              key={column.key}
              size="xs"
              label={column.label}
              checked={isShown(column.key)}
              onChange={(event) => toggle(column.key, event.currentTarget.checked)}
            />
          ))}
          <Button variant="subtle" size="compact-xs" disabled={!chosen} onClick={() => onChoose(null)}>
            Alle kolommen
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
