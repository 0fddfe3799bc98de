import { Text } from "@mantine/core";
import { type AlertLogEntry, DELIVERY_STATUS_LABELS } from "../../../../shared/admin/alerts.ts";
import { formatDateTime, formatNumber } from "../../../../shared/format.ts";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { type Status, StatusBadge } from "../components/status-badge.tsx";
import { TwoLines } from "../components/two-lines.tsx";

const TONES = { pending: "neutral", retrying: "warning", sent: "good", failed: "bad" } as const;
const status = (entry: AlertLogEntry): Status => ({
  label: DELIVERY_STATUS_LABELS[entry.status],
  tone: TONES[entry.status],
});

const CHANNELS = { email: "E-mail", webhook: "Webhook" } as const;
const EVENTS = { opened: "Melding", resolved: "Opgelost" } as const;

/** Attempts, the next try and the last failure, in one line under the badge. */
function attemptsText(entry: AlertLogEntry): string {
  const parts = [`${formatNumber(entry.attempts)} ${entry.attempts === 1 ? "poging" : "pogingen"}`];
  if (entry.nextAttemptAt && entry.status === "retrying")
    parts.push(`volgende ${formatDateTime(entry.nextAttemptAt)}`);
  if (entry.lastError) parts.push(entry.lastError);
  return parts.join(" · ");
}

const columns: Column<AlertLogEntry>[] = [
  {
    key: "createdAt",
    label: "Tijd",
    nowrap: true,
    value: (e) => e.createdAt,
    render: (e) => formatDateTime(e.createdAt),
    csv: (e) => formatDateTime(e.createdAt),
  },
  { key: "rule", label: "Regel", value: (e) => e.ruleName },
  {
    key: "incident",
    label: "Incident",
    value: (e) => `${e.subjectLabel} — ${e.detail}`,
    render: (e) => (
      <TwoLines main={`${EVENTS[e.event]}: ${e.subjectLabel}`} detail={`#${e.incidentId} · ${e.detail}`} />
    ),
    csv: (e) => `#${e.incidentId} ${EVENTS[e.event]}: ${e.subjectLabel} — ${e.detail}`,
  },
  {
    key: "channel",
    label: "Kanaal",
    value: (e) => `${CHANNELS[e.channel]} ${e.target}`,
    render: (e) => <TwoLines main={CHANNELS[e.channel]} detail={e.target} />,
  },
  {
    key: "status",
    label: "Status",
    value: (e) => DELIVERY_STATUS_LABELS[e.status],
    csv: (e) => `${DELIVERY_STATUS_LABELS[e.status]} (${attemptsText(e)})`,
    render: (e) => (
      <>
        <StatusBadge status={status(e)} />
        <Text size="xs" c="dimmed" mt={2}>
          {attemptsText(e)}
        </Text>
      </>
    ),
  },
];

/** The messages sent about incidents, newest first: what went out, over which channel, and how it went. */
export function AlertLog({ rows }: { rows: AlertLogEntry[] }) {
  return (
    <AdminTable
      label="Verzonden meldingen"
      csvName="meldingen-log"
      rows={rows}
      columns={columns}
      rowKey={(e) => e.id}
      empty={<Text>Er is nog niets gemeld. Zodra een regel iets vindt, staat het bericht hier.</Text>}
    />
  );
}
