import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { FreshnessRow } from "../../../../shared/admin/connections.ts";
import type { AdminOverview, AuditEntry } from "../../../../shared/admin/overview.ts";
import { formatDateTime, formatNumber } from "../../../../shared/format.ts";
import { overviewQuery } from "../api/admin-api.ts";
import { FreshnessTable } from "../components/freshness-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { auditActionLabels, auditEntityLabels } from "../labels.ts";

function Tile(props: { label: string; value: number; detail: string; to: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Anchor component={Link} to={props.to} fw={600} size="sm">
        {props.label}
      </Anchor>
      <Text fz={32} fw={700} lh={1.2}>
        {formatNumber(props.value)}
      </Text>
      <Text size="sm" c="dimmed">
        {props.detail}
      </Text>
    </Paper>
  );
}

function Tiles({ counts }: { counts: AdminOverview["counts"] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }}>
      <Tile
        label="Gebruikers"
        value={counts.activeUsers}
        detail={`actief, van ${formatNumber(counts.users)}`}
        to="/admin/users"
      />
      <Tile
        label="Items"
        value={counts.activeItems}
        detail={`te koop, van ${formatNumber(counts.items)}`}
        to="/admin/items"
      />
      <Tile label="Acties" value={counts.activePromotions} detail="lopen vandaag" to="/admin/promotions" />
      <Tile
        label="Vestigingen"
        value={counts.activeSites}
        detail={`actief, van ${formatNumber(counts.sites)}`}
        to="/admin/sites"
      />
      <Tile label="API-sleutels" value={counts.activeApiKeys} detail="in gebruik" to="/admin/connections" />
    </SimpleGrid>
  );
}

/** "Item Super Plus gewijzigd": what the entry was about, by the name it had. */
function summary(entry: AuditEntry): string {
  const row = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
  const name = row.name ?? row.email ?? row.code ?? `#${entry.entityId}`;
  return `${auditEntityLabels[entry.entity] ?? entry.entity} ${String(name)} ${auditActionLabels[entry.action] ?? entry.action}`;
}

/** At a glance: how many sources are fresh, and only the ones that are not. */
function FreshnessSummary({ rows }: { rows: FreshnessRow[] }) {
  const quiet = rows.filter((row) => row.status !== "actueel");
  return (
    <>
      <Text>
        {quiet.length === 0
          ? `Alle ${formatNumber(rows.length)} bronnen zijn actueel.`
          : `${formatNumber(quiet.length)} van ${formatNumber(rows.length)} bronnen zijn vertraagd of stil:`}{" "}
        <Anchor component={Link} to="/admin/connections">
          Alle bronnen bij Koppelingen
        </Anchor>
      </Text>
      {quiet.length > 0 && <FreshnessTable rows={quiet} />}
    </>
  );
}

function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">Er is nog niets gewijzigd.</Text>;
  return (
    <Table aria-label="Laatste wijzigingen" striped verticalSpacing="xs">
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
            <Table.Td>{entry.actorEmail}</Table.Td>
            <Table.Td>{summary(entry)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function OverviewPage({ title }: { title: string }) {
  const query = useQuery(overviewQuery);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <QueryState query={query} what="het overzicht">
        {(overview) => (
          <>
            <Tiles counts={overview.counts} />
            <Title order={2} size="h3" mt="md">
              Versheid van de gegevens
            </Title>
            <FreshnessSummary rows={overview.freshness} />
            <Title order={2} size="h3" mt="md">
              Laatste wijzigingen
            </Title>
            <AuditList entries={overview.audit} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
