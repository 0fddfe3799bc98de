import { Button, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminApiKey } from "../../../../shared/admin/connections.ts";
import { formatDate, formatDateTime } from "../../../../shared/format.ts";
import { freshnessExplanation } from "../../../../shared/freshness.ts";
import { AdImportPanel } from "../ad-import/index.ts";
import { ADMIN_KEY, apiKeysQuery, freshnessQuery, revokeApiKey } from "../api/admin-api.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { FreshnessTable } from "../components/freshness-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { useConfirm, useRowAction } from "../components/row-actions.tsx";
import { activeStatus, statusColumn } from "../components/status-badge.tsx";
import { scopeLabels } from "../labels.ts";
import { ApiKeyModal } from "./api-key-modal.tsx";

const dateTime = (value: string | null) => (value ? formatDateTime(value) : "nooit");

const columns: Column<AdminApiKey>[] = [
  { key: "name", label: "Naam", value: (k) => k.name },
  { key: "prefix", label: "Sleutel", value: (k) => `${k.prefix}…` },
  { key: "scope", label: "Geldig voor", value: (k) => scopeLabels[k.scope] },
  { key: "site", label: "Vestiging", value: (k) => k.siteName ?? "Alle vestigingen" },
  {
    key: "createdAt",
    label: "Aangemaakt",
    value: (k) => k.createdAt,
    csv: (k) => `${formatDateTime(k.createdAt)} door ${k.createdBy ?? "onbekend"}`,
    render: (k) => (
      <>
        {formatDateTime(k.createdAt)}
        <Text size="xs" c="dimmed">
          {k.createdBy ?? "onbekend"}
        </Text>
      </>
    ),
  },
  {
    key: "lastUsedAt",
    label: "Laatst gebruikt",
    value: (k) => k.lastUsedAt,
    csv: (k) => dateTime(k.lastUsedAt),
    render: (k) => dateTime(k.lastUsedAt),
  },
  statusColumn((k) =>
    k.revokedAt ? { label: `Ingetrokken ${formatDate(k.revokedAt)}`, tone: "neutral" } : activeStatus(true),
  ),
];

export function ConnectionsPage({ title }: { title: string }) {
  const keys = useQuery(apiKeysQuery);
  const freshness = useQuery(freshnessQuery);
  const queryClient = useQueryClient();
  const notice = useNotice();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const revoke = useRowAction(
    (key: AdminApiKey) => revokeApiKey(key.id),
    notice,
    (key) => `${key.name} is ingetrokken.`,
  );

  return (
    <AdminScreen
      title={title}
      intro="API-sleutels van camera's, kassa's en koppelingen, wanneer elke bron voor het laatst gegevens stuurde, en het inlezen van advertentie-exports."
      actions={<Button onClick={() => setCreating(true)}>Nieuwe API-sleutel</Button>}
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <Title order={2} size="h3">
        API-sleutels
      </Title>
      <QueryState query={keys} what="de API-sleutels">
        {(rows) => (
          <AdminTable
            label="API-sleutels"
            csvName="api-sleutels"
            rows={rows}
            columns={columns}
            rowKey={(k) => k.id}
            isActive={(k) => k.revokedAt === null}
            empty={
              <Text>Er zijn nog geen API-sleutels. Maak er een voor elke camera, kassa of koppeling.</Text>
            }
            actions={(key) =>
              key.revokedAt ? null : (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  aria-label={`Intrekken: ${key.name}`}
                  onClick={() =>
                    confirm.ask({
                      title: `${key.name} intrekken?`,
                      message:
                        "Wat deze sleutel daarna stuurt, wordt geweigerd. Intrekken kan niet ongedaan worden gemaakt.",
                      confirmLabel: "Intrekken",
                      onConfirm: () => revoke.mutate(key),
                    })
                  }
                >
                  Intrekken
                </Button>
              )
            }
          />
        )}
      </QueryState>
      <Title order={2} size="h3" mt="lg">
        Laatste gegevens per bron
      </Title>
      <Text size="sm" c="dimmed">
        {freshnessExplanation()}
      </Text>
      <QueryState query={freshness} what="de versheid van de gegevens">
        {(rows) => <FreshnessTable rows={rows} />}
      </QueryState>
      <AdImportPanel onImported={() => queryClient.invalidateQueries({ queryKey: ADMIN_KEY })} />
      <ApiKeyModal opened={creating} onClose={() => setCreating(false)} />
      {confirm.modal}
    </AdminScreen>
  );
}
