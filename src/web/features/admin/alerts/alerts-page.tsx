import { Button, Group, List, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AdminAlertRule,
  ALERT_DIRECTION_LABELS,
  ALERT_KIND_LABELS,
  ALERT_KPI_LABELS,
  ALERT_SOURCE_LABELS,
  alertKinds,
  alertRuleCreateSchema,
  alertRuleUpdateSchema,
} from "../../../../shared/admin/alerts.ts";
import { formatDecimal, formatNumber } from "../../../../shared/format.ts";
import { ADMIN_KEY, alertLogQuery, alertRulesQuery, runAlerts } from "../api/admin-api.ts";
import { NoticeLine, useNotice } from "../components/admin-screen.tsx";
import type { Column } from "../components/admin-table.tsx";
import { EntityScreen } from "../components/entity-screen.tsx";
import { QueryState } from "../components/query-state.tsx";
import { useConfirm } from "../components/row-actions.tsx";
import { activeStatus, statusColumn } from "../components/status-badge.tsx";
import { TwoLines } from "../components/two-lines.tsx";
import { useEntityEditor } from "../components/use-entity-editor.ts";
import { AlertLog } from "./alert-log.tsx";
import { KIND_HELP, RuleFields, type RuleForm } from "./rule-fields.tsx";

const number = (n: number) => (Number.isInteger(n) ? formatNumber(n) : formatDecimal(n));

/** The rule's condition in a few words: "Camera's stil", "< 30 kentekens per uur". */
function condition(rule: AdminAlertRule): string {
  const threshold = number(rule.threshold ?? 0);
  switch (rule.kind) {
    case "source-silent":
      return `${ALERT_SOURCE_LABELS[rule.source ?? "plate-reads"]} ${rule.level ?? "stil"}`;
    case "read-rate":
      return `Minder dan ${threshold} kentekens per uur`;
    case "washes-below-usual":
    case "conversion-below-usual":
      return `Onder ${threshold}% van gewoonlijk`;
    case "washes-below-expected":
      return "Onder de ondergrens van de prognose";
    case "kpi-threshold":
      return `${ALERT_KPI_LABELS[rule.kpi ?? "washes"].replace(" (€)", "")} gisteren ${ALERT_DIRECTION_LABELS[rule.direction ?? "below"]} ${rule.kpi === "revenue" ? "€ " : ""}${threshold}`;
  }
}

const scope = (rule: AdminAlertRule) =>
  `${rule.siteName ?? "Hele keten"}${rule.camera ? ` — camera ${rule.camera}` : ""}`;

const channels = (rule: AdminAlertRule) =>
  [...rule.recipients, ...(rule.webhookUrl ? [`webhook ${rule.webhookUrl}`] : [])].join(", ");

const columns: Column<AdminAlertRule>[] = [
  { key: "name", label: "Naam", value: (r) => r.name },
  {
    key: "kind",
    label: "Regel",
    value: (r) => `${ALERT_KIND_LABELS[r.kind]}: ${condition(r)}`,
    render: (r) => <TwoLines main={ALERT_KIND_LABELS[r.kind]} detail={condition(r)} />,
  },
  { key: "scope", label: "Waar", value: scope },
  { key: "channels", label: "Naar", value: channels },
  statusColumn((r) => activeStatus(r.active)),
];

const empty: RuleForm = {
  name: "",
  kind: "source-silent",
  siteId: null,
  camera: "",
  source: "plate-reads",
  level: "stil",
  kpi: "washes",
  direction: "below",
  threshold: null,
  recipients: [],
  webhookUrl: "",
  webhookSecret: "",
  active: true,
};

export function AlertsPage({ title }: { title: string }) {
  const notice = useNotice();
  const queryClient = useQueryClient();
  const log = useQuery(alertLogQuery);
  const editor = useEntityEditor<AdminAlertRule, RuleForm>({
    resource: "alerts",
    listKey: alertRulesQuery.queryKey,
    createSchema: alertRuleCreateSchema,
    updateSchema: alertRuleUpdateSchema,
    empty,
    fromRow: (rule) => ({
      ...empty,
      name: rule.name,
      kind: rule.kind,
      siteId: rule.siteId,
      camera: rule.camera ?? "",
      source: rule.source ?? empty.source,
      level: rule.level ?? empty.level,
      kpi: rule.kpi ?? empty.kpi,
      direction: rule.direction ?? empty.direction,
      threshold: rule.threshold,
      recipients: rule.recipients,
      webhookUrl: rule.webhookUrl ?? "",
      active: rule.active,
    }),
    onSaved: (rule, created) => notice.success(`${rule.name} is ${created ? "toegevoegd" : "opgeslagen"}.`),
  });
  // Its answer shows beside the button, far down the page, not in the screen's message line at the top.
  const checked = useNotice();
  const check = useMutation({
    mutationFn: runAlerts,
    onSuccess: () => checked.success("De regels zijn nagelopen; wat ze vonden staat in het log."),
    onError: checked.error,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });

  return (
    <EntityScreen
      resource="alerts"
      title={title}
      intro="Regels die elke minuut worden nagelopen. Vindt een regel iets, dan gaat er één bericht per e-mail en/of webhook uit, en een tweede zodra het is opgelost."
      addLabel="Regel toevoegen"
      label="Meldingsregels"
      csvName="meldingsregels"
      emptyText="Er zijn nog geen regels. Voeg er een toe, bijvoorbeeld voor een camera die stil valt."
      query={useQuery(alertRulesQuery)}
      columns={columns}
      editor={editor}
      notice={notice}
      confirm={useConfirm()}
      name={(rule) => rule.name}
      consequence="De regel wordt dan niet meer nagelopen; open incidenten blijven open en het log blijft bewaard."
      fields={<RuleFields form={editor.form} keepsSecret={editor.editing?.hasSecret ?? false} />}
    >
      <Title order={2} size="h3" mt="lg">
        Zo rekenen de regels
      </Title>
      <List size="sm" spacing={4}>
        {alertKinds.map((kind) => (
          <List.Item key={kind}>
            <Text span fw={600} size="sm">
              {ALERT_KIND_LABELS[kind]}:
            </Text>{" "}
            {KIND_HELP[kind]}
          </List.Item>
        ))}
      </List>
      <Group justify="space-between" align="flex-end" mt="lg">
        <Title order={2} size="h3">
          Verzonden meldingen
        </Title>
        <Button variant="default" loading={check.isPending} onClick={() => check.mutate()}>
          Nu controleren
        </Button>
      </Group>
      <NoticeLine notice={checked.notice} onClose={checked.clear} />
      <Text size="sm" c="dimmed">
        Elk bericht over een incident: wanneer, welke regel, via welk kanaal en of het aankwam. Mislukt een
        bericht, dan volgt een nieuwe poging na 1, 5 en 30 minuten; daarna staat het op mislukt.
      </Text>
      <QueryState query={log} what="het log">
        {(rows) => <AlertLog rows={rows} />}
      </QueryState>
    </EntityScreen>
  );
}
