import {
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  ALERT_DIRECTION_LABELS,
  ALERT_KIND_LABELS,
  ALERT_KPI_LABELS,
  ALERT_SOURCE_LABELS,
  type AlertKind,
  type AlertRuleCreate,
  alertDirections,
  alertKinds,
  alertKpis,
  alertSources,
  CONVERSION_DEFINITION,
  EXPECTED_DEFINITION,
  KPI_DEFINITION,
  USUAL_DEFINITION,
} from "../../../../shared/admin/alerts.ts";
import { FRESHNESS_LABELS, FRESHNESS_LIMITS } from "../../../../shared/freshness.ts";
import { alertCamerasQuery, sitesQuery } from "../api/admin-api.ts";
import type { ZodForm } from "../components/use-zod-form.ts";

/** The form's values: the create schema's input, with the texts a form holds as text. */
export type RuleForm = AlertRuleCreate & { webhookUrl: string; webhookSecret: string; camera: string };

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));

const CHAIN = "keten";

const THRESHOLD_LABELS = {
  "read-rate": "Minimum kentekens per uur",
  "washes-below-usual": "Melden onder (% van gewoonlijk)",
  "kpi-threshold": "Grenswaarde",
  "conversion-below-usual": "Melden onder (% van gewoonlijk)",
  "source-silent": "",
  "washes-below-expected": "",
} as const;

/** The kinds whose line is their own (freshness, the forecast's interval): no threshold to fill in. */
const WITHOUT_THRESHOLD: readonly AlertKind[] = ["source-silent", "washes-below-expected"];

/** How each kind of rule judges, in the words the screen shows (the form and the page's explanation). */
export const KIND_HELP = {
  "source-silent":
    `Met de versheidsregel van Koppelingen: een camera of kassa heet vertraagd na ${FRESHNESS_LIMITS.site.late} ` +
    `en stil na ${FRESHNESS_LIMITS.site.silent} openingsuren zonder gegevens; 's nachts telt niet mee.`,
  "read-rate":
    "Telt de kentekens van elke camera in het uur vóór nu, alleen als dat hele uur binnen de openingstijden valt.",
  "washes-below-usual": USUAL_DEFINITION,
  "kpi-threshold": KPI_DEFINITION,
  "conversion-below-usual": CONVERSION_DEFINITION,
  "washes-below-expected": EXPECTED_DEFINITION,
} as const;

export function RuleFields({ form, keepsSecret }: { form: ZodForm<RuleForm>; keepsSecret: boolean }) {
  const { values, errors } = form;
  const sites = useQuery(sitesQuery).data ?? [];
  const cameras = (useQuery(alertCamerasQuery).data ?? []).filter((c) => c.siteId === values.siteId);
  const kind = values.kind;
  const cameraApplies = kind === "read-rate" || (kind === "source-silent" && values.source === "plate-reads");

  return (
    <>
      <TextInput label="Naam" required {...form.text("name")} />
      <Select
        label="Waarop letten"
        required
        allowDeselect={false}
        data={options(alertKinds, ALERT_KIND_LABELS)}
        {...form.choice("kind")}
      />
      <Text size="sm" c="dimmed">
        {KIND_HELP[kind]}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Vestiging"
          allowDeselect={false}
          data={[
            { value: CHAIN, label: "Hele keten" },
            ...sites.filter((s) => s.active).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          value={values.siteId == null ? CHAIN : String(values.siteId)}
          error={errors.siteId}
          onChange={(value) => {
            form.set("siteId", value === CHAIN || value === null ? null : Number(value));
            form.set("camera", "");
          }}
        />
        {kind === "source-silent" && (
          <Select
            label="Bron"
            required
            allowDeselect={false}
            data={options(alertSources, ALERT_SOURCE_LABELS)}
            {...form.choice("source")}
          />
        )}
        {cameraApplies && (
          <Select
            label="Camera"
            placeholder={values.siteId == null ? "Kies eerst een vestiging" : "Alle camera's"}
            clearable
            disabled={values.siteId == null}
            data={cameras.map((c) => c.camera)}
            value={values.camera || null}
            error={errors.camera}
            onChange={(value) => form.set("camera", value ?? "")}
          />
        )}
        {kind === "source-silent" && (
          <Select
            label="Melden vanaf"
            required
            allowDeselect={false}
            data={[
              {
                value: "vertraagd",
                label: `${FRESHNESS_LABELS.vertraagd} (${FRESHNESS_LIMITS.site.late} openingsuur stil)`,
              },
              {
                value: "stil",
                label: `${FRESHNESS_LABELS.stil} (${FRESHNESS_LIMITS.site.silent} openingsuren stil)`,
              },
            ]}
            {...form.choice("level")}
          />
        )}
        {kind === "kpi-threshold" && (
          <>
            <Select
              label="KPI van gisteren"
              required
              allowDeselect={false}
              data={options(alertKpis, ALERT_KPI_LABELS)}
              {...form.choice("kpi")}
            />
            <Select
              label="Melden als de KPI"
              required
              allowDeselect={false}
              data={options(alertDirections, ALERT_DIRECTION_LABELS).map((o) => ({
                ...o,
                label: `${o.label} de grens blijft`,
              }))}
              {...form.choice("direction")}
            />
          </>
        )}
        {!WITHOUT_THRESHOLD.includes(kind) && (
          <NumberInput
            label={THRESHOLD_LABELS[kind]}
            required
            decimalSeparator=","
            thousandSeparator="."
            min={0}
            value={values.threshold ?? ""}
            error={errors.threshold}
            onChange={(value) => form.set("threshold", typeof value === "number" ? value : null)}
          />
        )}
      </SimpleGrid>
      <TagsInput
        label="E-mail naar"
        description="Typ een adres en druk op Enter; meerdere adressen mogen."
        placeholder="naam@bedrijf.nl"
        value={values.recipients ?? []}
        error={errors.recipients}
        onChange={(value) => form.set("recipients", value)}
        splitChars={[",", " ", ";"]}
        acceptValueOnBlur
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="Webhook (optioneel)"
          placeholder="https://…"
          description="Ontvangt een JSON-bericht, ondertekend met het geheim (X-Wasbord-Signature)."
          {...form.text("webhookUrl")}
        />
        <PasswordInput
          label="Gedeeld geheim van de webhook"
          description={
            keepsSecret
              ? "Leeg laten houdt het bewaarde geheim."
              : "Minstens 16 tekens; daarna niet meer te zien."
          }
          autoComplete="new-password"
          {...form.text("webhookSecret")}
        />
      </SimpleGrid>
      <Switch
        label="Actief"
        checked={values.active}
        onChange={(event) => form.set("active", event.currentTarget.checked)}
      />
    </>
  );
}
