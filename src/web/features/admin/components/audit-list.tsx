import { Table, Text } from "@mantine/core";
import type { AuditEntry } from "../../../../shared/admin/overview.ts";
import { formatDateTime } from "../../../../shared/format.ts";
import { auditActionLabels, auditEntityLabels } from "../labels.ts";

/** "Item Super Plus gewijzigd": what the entry was about, by the name it had. */
function summary(entry: AuditEntry): string {
  const row = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
  const name = row.name ?? row.email ?? row.code ?? `#${entry.entityId}`;
  return `${auditEntityLabels[entry.entity] ?? entry.entity} ${String(name)} ${auditActionLabels[entry.action] ?? entry.action}`;
}

/** Audit log entries, newest first: when, who, what. */
export function AuditList({
  entries,
  label = "Laatste wijzigingen",
}: {
  entries: AuditEntry[];
  label?: string;
}) {
  if (entries.length === 0) return <Text c="dimmed">Er is nog niets gewijzigd.</Text>;
  return (
    <Table aria-label={label} striped verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Wanneer</Table.Th>
          <Table.Th>Wie</Table.Th>
          <Table.Th>Wat</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{formatDateTime(entry.occurredAt)}</Table.Td>
            {/* an address or a report's path (memberships/members) breaks anywhere rather than widen a phone */}
            <Table.Td style={{ overflowWrap: "anywhere" }}>{entry.actorEmail}</Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{summary(entry)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
