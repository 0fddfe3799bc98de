import { Button, Code, List, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminReportToken } from "../../../../shared/admin/report-tokens.ts";
import { formatDate, formatDateTime } from "../../../../shared/format.ts";
import { reportTokenAuditQuery, reportTokensQuery, revokeReportToken } from "../api/admin-api.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { AuditList } from "../components/audit-list.tsx";
import { QueryState } from "../components/query-state.tsx";
import { useConfirm, useRowAction } from "../components/row-actions.tsx";
import { activeStatus, statusColumn } from "../components/status-badge.tsx";
import { ReportTokenModal } from "./report-token-modal.tsx";

const dateTime = (value: string | null) => (value ? formatDateTime(value) : "nooit");

const columns: Column<AdminReportToken>[] = [
  { key: "name", label: "Naam", value: (t) => t.name },
  { key: "prefix", label: "Token", value: (t) => `${t.prefix}…` },
  { key: "scope", label: "Geldig voor", value: () => "Rapporten (lezen)" },
  {
    key: "createdAt",
    label: "Aangemaakt",
    value: (t) => t.createdAt,
    csv: (t) => `${formatDateTime(t.createdAt)} door ${t.createdBy}`,
    render: (t) => (
      <>
        {formatDateTime(t.createdAt)}
        <Text size="xs" c="dimmed">
          {t.createdBy}
        </Text>
      </>
    ),
  },
  {
    key: "lastUsedAt",
    label: "Laatst gebruikt",
    value: (t) => t.lastUsedAt,
    csv: (t) => dateTime(t.lastUsedAt),
    render: (t) => dateTime(t.lastUsedAt),
  },
  statusColumn((t) =>
    t.revokedAt ? { label: `Ingetrokken ${formatDate(t.revokedAt)}`, tone: "neutral" } : activeStatus(true),
  ),
];

/** Read-only API tokens for BI tools: issue, list with last use, revoke; and how to use one. */
export function ReportTokensPage({ title }: { title: string }) {
  const tokens = useQuery(reportTokensQuery);
  const audit = useQuery(reportTokenAuditQuery);
  const notice = useNotice();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const revoke = useRowAction(
    (token: AdminReportToken) => revokeReportToken(token.id),
    notice,
    (token) => `${token.name} is ingetrokken.`,
  );
  const example = `${window.location.origin}/api/reports/trx-revenue.csv?period=last-30-days`;

  return (
    <AdminScreen
      title={title}
      intro="Tokens waarmee Excel (Power Query), Power BI of een ander BI-programma rapporten ophaalt: alleen lezen, alleen rapporten."
      actions={<Button onClick={() => setCreating(true)}>Nieuw API-token</Button>}
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <QueryState query={tokens} what="de API-tokens">
        {(rows) => (
          <AdminTable
            label="API-tokens"
            csvName="api-tokens"
            rows={rows}
            columns={columns}
            rowKey={(t) => t.id}
            isActive={(t) => t.revokedAt === null}
            empty={
              <Text>Er zijn nog geen API-tokens. Maak er een voor elk programma dat rapporten ophaalt.</Text>
            }
            actions={(token) =>
              token.revokedAt ? null : (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  aria-label={`Intrekken: ${token.name}`}
                  onClick={() =>
                    confirm.ask({
                      title: `${token.name} intrekken?`,
                      message:
                        "Een programma dat dit token gebruikt, krijgt daarna geen rapporten meer. Intrekken kan niet ongedaan worden gemaakt.",
                      confirmLabel: "Intrekken",
                      onConfirm: () => revoke.mutate(token),
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
      <Title order={2} size="h3" mt="md">
        Zo gebruik je een token
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          Adres van een rapport: het pad van het scherm met <Code>/api</Code> ervoor en <Code>.csv</Code> of{" "}
          <Code>.xlsx</Code> erachter, met dezelfde filters, bijvoorbeeld{" "}
          <Code style={{ overflowWrap: "anywhere" }}>{example}</Code>. Zonder extensie krijg je JSON; een CSV
          bevat de eerste tabel, of de tabel die <Code>table=</Code> noemt.
        </List.Item>
        <List.Item>
          Stuur het token mee als kop <Code>Authorization: Bearer wbr_…</Code>. In Excel: Gegevens → Van web →
          Geavanceerd, kop <Code>Authorization</Code> met waarde <Code>Bearer</Code> en het token.
        </List.Item>
        <List.Item>
          Kentekens zijn gemaskeerd, zoals voor een analist. Gebruik wordt hooguit eens per uur per token in
          het logboek gezet.
        </List.Item>
      </List>
      <Title order={2} size="h3" mt="md">
        Logboek
      </Title>
      <QueryState query={audit} what="het logboek">
        {(entries) => <AuditList entries={entries} label="Logboek van de API-tokens" />}
      </QueryState>
      <ReportTokenModal opened={creating} onClose={() => setCreating(false)} />
      {confirm.modal}
    </AdminScreen>
  );
}
