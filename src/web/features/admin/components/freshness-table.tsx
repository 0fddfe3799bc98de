import { Text } from "@mantine/core";
import type { FreshnessRow } from "../../../../shared/admin/connections.ts";
import { formatDateTime } from "../../../../shared/format.ts";
import { freshnessLabels, sourceLabels } from "../labels.ts";
import { AdminTable, type Column } from "./admin-table.tsx";
import { statusColumn } from "./status-badge.tsx";

const lastAt = (row: FreshnessRow) => (row.lastAt ? formatDateTime(row.lastAt) : "nooit");

const columns: Column<FreshnessRow>[] = [
  { key: "source", label: "Bron", value: (row) => sourceLabels[row.source] },
  { key: "subject", label: "Vestiging of platform", value: (row) => row.subject },
  {
    key: "lastAt",
    label: "Laatste gegevens",
    nowrap: true,
    value: (row) => row.lastAt,
    csv: lastAt,
    render: lastAt,
  },
  statusColumn((row) => freshnessLabels[row.status]),
];

/** When each camera, till, ad platform and the website last delivered data: a silent source stands out. */
export function FreshnessTable({ rows }: { rows: FreshnessRow[] }) {
  return (
    <AdminTable
      label="Versheid van de gegevens"
      csvName="versheid-gegevens"
      rows={rows}
      columns={columns}
      rowKey={(row) => `${row.source}-${row.subject}`}
      empty={<Text>Nog geen vestigingen of bronnen om te bewaken.</Text>}
    />
  );
}
