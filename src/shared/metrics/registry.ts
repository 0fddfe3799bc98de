import { JOURNEY_METRIC_DEFINITIONS } from "./acquisition.ts";
import { AD_PLATFORM_METRICS } from "./ads.ts";
import { CUSTOMER_METRICS } from "./customers.ts";
import { EXPERIMENT_METRICS } from "./experiments.ts";
import { FORECAST_METRICS } from "./forecast.ts";
import { MEMBERSHIP_METRICS } from "./memberships.ts";
import { SALES_METRICS } from "./sales.ts";
import { TARGET_METRICS } from "./targets.ts";
import type { MetricDefinition, VatBasis } from "./types.ts";
import { VOUCHER_METRICS } from "./vouchers.ts";
import { WEB_METRICS } from "./web.ts";

// THE metric registry: every figure Wasbord shows — report KPIs, series and columns, the dashboard, the
// Monday e-mail, alert rules — once, with its label, unit, VAT basis and definition. The server's report
// modules take these by key (src/server/reports/envelope.ts `metric`), the glossary (Begrippen) lists them,
// and tests/api/metric-labels.test.ts holds every screen of the catalogue against them.

export type { MetricDefinition, VatBasis } from "./types.ts";

/** The registry's sections, in the order of the navigation; the glossary groups by them. */
export const METRIC_SECTIONS = [
  { title: "Klanten", metrics: CUSTOMER_METRICS },
  { title: "Advertentieplatforms", metrics: AD_PLATFORM_METRICS },
  { title: "Kanalen en klantreis", metrics: JOURNEY_METRIC_DEFINITIONS },
  { title: "Vouchers", metrics: VOUCHER_METRICS },
  { title: "Website", metrics: WEB_METRICS },
  { title: "Experimenten", metrics: EXPERIMENT_METRICS },
  { title: "Transacties en programma's", metrics: SALES_METRICS },
  { title: "Abonnementen (leden)", metrics: MEMBERSHIP_METRICS },
  { title: "Planning (prognose)", metrics: FORECAST_METRICS },
  { title: "Doelen", metrics: TARGET_METRICS },
] as const;

type Listed = (typeof METRIC_SECTIONS)[number]["metrics"][number];
export type MetricKey = Listed["key"];

export const METRICS: readonly MetricDefinition[] = METRIC_SECTIONS.flatMap(
  (section): readonly MetricDefinition[] => section.metrics,
);

const byKey = new Map<string, MetricDefinition>();
const byLabel = new Map<string, MetricDefinition>();
for (const metric of METRICS) {
  for (const key of [metric.key, ...(metric.aliases ?? [])]) {
    if (byKey.has(key)) throw new Error(`metric key ${key} is registered twice`);
    byKey.set(key, metric);
  }
  const other = byLabel.get(metric.label);
  if (other) throw new Error(`metrics ${other.key} and ${metric.key} share the label "${metric.label}"`);
  byLabel.set(metric.label, metric);
}

/** The registered figure an envelope key (or registry key) stands for; undefined when none. */
export const findMetric = (key: string): MetricDefinition | undefined => byKey.get(key);

/** The registered figure with this label; undefined when none. */
export const metricByLabel = (label: string): MetricDefinition | undefined => byLabel.get(label);

/** The registered figure of a key; an unregistered key is a programming error. */
export function metricDefinition(key: string): MetricDefinition {
  const metric = byKey.get(key);
  if (!metric) throw new Error(`metric ${key} is not in the registry (src/shared/metrics)`);
  return metric;
}

/** Label of a registered figure, for texts outside a report envelope (the e-mail, alert rules). */
export const metricLabel = (key: MetricKey) => metricDefinition(key).label;

/** The glossary's anchor of a figure: /reports/begrippen#<anchor>. */
export const metricAnchor = (key: string) => `metric-${metricDefinition(key).key}`;

export const GLOSSARY_PATH = "/reports/begrippen";

/** The link from a hint to the figure's entry in the glossary (the dashboard's `today_`/`week_` keys too). */
export const glossaryHref = (key: string) => {
  const metric = findMetric(key) ?? findMetric(key.replace(/^(today|week)_/, ""));
  return metric ? `${GLOSSARY_PATH}#${metricAnchor(metric.key)}` : GLOSSARY_PATH;
};

export const VAT_LABELS: Record<VatBasis, string> = {
  incl: "incl. btw",
  excl: "excl. btw",
  none: "geen bedrag",
};
