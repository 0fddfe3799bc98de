import { ActionIcon, Anchor, Popover, Text } from "@mantine/core";
import { Link } from "react-router";
import { glossaryHref } from "../../../shared/metrics/registry.ts";
import type { Column } from "../../../shared/reports/envelope.ts";

/** What a figure's hint opens: its definition, and the way to its entry in Begrippen. */
export function HintDropdown({ hint, metricKey }: { hint: string; metricKey: string }) {
  return (
    <Popover.Dropdown>
      <Text size="sm">{hint}</Text>
      <Anchor component={Link} to={glossaryHref(metricKey)} size="sm" mt={6} display="inline-block">
        Wat betekent dit?
      </Anchor>
    </Popover.Dropdown>
  );
}

/**
 * A table column's hint: a small button beside the heading (the heading itself sorts) that opens the
 * definition with its link to Begrippen, by a tap, a click or the keyboard (focus moves into it, Escape
 * closes it and returns). The heading's `title` alone shows on hover only, never on a phone.
 */
export function ColumnHint({ column }: { column: Column & { hint: string } }) {
  return (
    <Popover width={280} withArrow shadow="md" position="bottom" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={20}
          radius="xl"
          ml={2}
          display="inline-flex"
          style={{ verticalAlign: "middle" }}
          aria-label={`${column.label}: wat betekent dit?`}
          data-print="hide"
          data-testid={`hint-${column.key}`}
        >
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="none">
            <circle cx="8" cy="8" r="7" stroke="currentColor" strokeWidth="1.4" />
            <path d="M8 7v4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            <circle cx="8" cy="4.6" r="1" fill="currentColor" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <HintDropdown hint={column.hint} metricKey={column.key} />
    </Popover>
  );
}
