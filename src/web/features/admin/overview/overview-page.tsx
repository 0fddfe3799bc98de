import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { FreshnessRow } from "../../../../shared/admin/connections.ts";
import type { AdminOverview } from "../../../../shared/admin/overview.ts";
import { formatNumber } from "../../../../shared/format.ts";
import { overviewQuery } from "../api/admin-api.ts";
import { AuditList } from "../components/audit-list.tsx";
import { FreshnessTable } from "../components/freshness-table.tsx";
import { QueryState } from "../components/query-state.tsx";

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
