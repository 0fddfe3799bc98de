import { Anchor, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDateTime } from "../../../../shared/format.ts";
import { catalogueEntry } from "../../../../shared/reports/catalogue.ts";
import { type Subscription, scheduleText } from "../../../../shared/reports/subscriptions.ts";
import { recipientsText, SubscriptionActions } from "../../../components/reports/subscription-list.tsx";
import { subscriptionsQuery } from "../../../components/reports/subscriptions-api.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { QueryState } from "../components/query-state.tsx";

const screenHref = (s: Subscription) => `/reports/${s.report}${s.query ? `?${s.query}` : ""}`;

const columns: Column<Subscription>[] = [
  {
    key: "name",
    label: "Abonnement",
    value: (s) => s.name,
    render: (s) => (
      <Stack gap={0}>
        <Anchor component={Link} to={screenHref(s)} size="sm">
          {s.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {catalogueEntry(s.report)?.title ?? s.report} · door {s.ownerEmail}
        </Text>
      </Stack>
    ),
  },
  { key: "schedule", label: "Wanneer", value: (s) => scheduleText(s) },
  { key: "recipients", label: "Aan", value: recipientsText },
  {
    key: "next",
    label: "Volgende",
    nowrap: true,
    value: (s) => s.next,
    csv: (s) => formatDateTime(s.next),
    render: (s) => formatDateTime(s.next),
  },
];

/**
 * Instellingen › Abonnementen: every subscription to a report screen or saved view, made with the
 * "Abonneren" button on a report, with its next send; a beheerder sends one now or ends it.
 */
export function SubscriptionsPage({ title }: { title: string }) {
  const notice = useNotice();
  const overview = useQuery(subscriptionsQuery);
  return (
    <AdminScreen
      title={title}
      intro='Rapporten die per mail gaan, met de kengetallen in de mail en het Excel-bestand als bijlage. Een abonnement maak je met de knop "Abonneren" bij een rapport; de eerste mail komt op het eerstvolgende tijdstip (Nederlandse tijd).'
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <QueryState query={overview} what="de abonnementen">
        {(data) => (
          <AdminTable
            label="Abonnementen"
            csvName="abonnementen"
            rows={data.subscriptions}
            columns={columns}
            rowKey={(s) => s.id}
            empty={
              <Text c="dimmed">Nog geen abonnementen. Abonneer je bij een rapport met "Abonneren".</Text>
            }
            actions={(s) => <SubscriptionActions subscription={s} />}
          />
        )}
      </QueryState>
    </AdminScreen>
  );
}
