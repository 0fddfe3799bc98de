import { Badge } from "@mantine/core";
import type { Column } from "./admin-table.tsx";

// Badge text is small, so it needs 4.5:1 against its background: Mantine's green, orange and grey at the
// theme's shade 8 stay below that (3.5, 3.6 and 3.3 on white); these reach it.
const toneColors = { good: "teal.9", warning: "orange.9", bad: "red.9", neutral: "gray.7" } as const;

export interface Status {
  label: string;
  tone: keyof typeof toneColors;
}

export const activeStatus = (active: boolean): Status =>
  active ? { label: "Actief", tone: "good" } : { label: "Inactief", tone: "neutral" };

export function StatusBadge({ status }: { status: Status }) {
  return (
    <Badge color={toneColors[status.tone]} variant="filled" miw="max-content">
      {status.label}
    </Badge>
  );
}

/** The status column of a list: sorts, filters and exports by the badge's text. */
export const statusColumn = <T,>(status: (row: T) => Status): Column<T> => ({
  key: "status",
  label: "Status",
  nowrap: true,
  onPhone: true,
  value: (row) => status(row).label,
  render: (row) => <StatusBadge status={status(row)} />,
});
