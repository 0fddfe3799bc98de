import { type MetricKey, metricDefinition, metricLabel } from "../metrics/registry.ts";
import { z } from "../zod-nl.ts";
import { activeSchema, emailSchema, optionalText, requiredText, versionSchema } from "./fields.ts";

// Alert rules (Instellingen → Meldingen): what a rule watches, whom it tells, and the log of what was sent.
// The form and the endpoint validate with these schemas; the evaluator is src/server/alerts.

export const alertKinds = [
  "source-silent",
  "read-rate",
  "washes-below-usual",
  "kpi-threshold",
  "conversion-below-usual",
  "washes-below-expected",
] as const;
export type AlertKind = (typeof alertKinds)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  "source-silent": "Camera of kassa stil",
  "read-rate": "Te weinig kentekens per uur",
  "washes-below-usual": "Minder wassen dan gewoonlijk",
  "kpi-threshold": "Dag-KPI boven of onder een waarde",
  "conversion-below-usual": `${metricLabel("membership_conversion")} lager dan gewoonlijk`,
  "washes-below-expected": "Minder wassen dan verwacht",
};

export const alertSources = ["plate-reads", "transactions"] as const;
export type AlertSource = (typeof alertSources)[number];
export const ALERT_SOURCE_LABELS: Record<AlertSource, string> = {
  "plate-reads": "Camera's",
  transactions: "Kassa's",
};

/** The freshness state (src/shared/freshness.ts) from which a silent source is an incident. */
export const alertLevels = ["vertraagd", "stil"] as const;

export const alertKpis = [
  "washes",
  "revenue",
  "new-customers",
  "members-ended",
  "members-ended-involuntary",
  "members-declines",
] as const;
export type AlertKpi = (typeof alertKpis)[number];
/** The registered figure each day-KPI watches: its label and definition come from the metric registry. */
export const ALERT_KPI_METRICS: Record<AlertKpi, MetricKey> = {
  washes: "washes",
  revenue: "revenue",
  "new-customers": "new",
  "members-ended": "members_ended",
  "members-ended-involuntary": "members_ended_involuntary",
  "members-declines": "member_declines",
};
export const ALERT_KPI_LABELS = Object.fromEntries(
  alertKpis.map((kpi) => [kpi, metricLabel(ALERT_KPI_METRICS[kpi])]),
) as Record<AlertKpi, string>;
/** The day-KPIs of the wash club, read with Abonnementen › Overzicht (src/server/alerts/members.ts). */
export const MEMBER_ALERT_KPIS: readonly AlertKpi[] = [
  "members-ended",
  "members-ended-involuntary",
  "members-declines",
];

export const alertDirections = ["above", "below"] as const;
export const ALERT_DIRECTION_LABELS: Record<(typeof alertDirections)[number], string> = {
  above: "boven",
  below: "onder",
};

/**
 * "Usual", written once for the screen and the evaluator (src/server/alerts/usual.ts computes it): the
 * median of the washes on the same weekday in the previous 8 weeks, each counted from midnight up to the
 * same whole local hour as now. The rule speaks once the hour has at least this many washes as usual, so a
 * quiet early hour (2 usual washes, 0 today) does not wake anyone.
 */
export const USUAL_WEEKS = 8;
export const USUAL_MINIMUM = 10;
export const USUAL_DEFINITION =
  `Gewoonlijk = de mediaan van het aantal wassen op dezelfde weekdag in de vorige ${USUAL_WEEKS} weken, ` +
  "telkens van middernacht tot hetzelfde hele uur als nu (per vestiging, of de hele keten). De regel meldt " +
  `binnen de openingstijden, zodra gewoonlijk minstens ${USUAL_MINIMUM} wassen zijn geteld en vandaag onder ` +
  "het ingestelde percentage daarvan blijft.";

export const KPI_DEFINITION =
  "Een dag-KPI kijkt naar gisteren, de laatste volledige dag: een melding wanneer die dag de waarde " +
  "overschrijdt (of eronder blijft), en een herstelmelding zodra een volgende dag weer binnen de grens valt. " +
  "Gestopte leden tellen zoals in Abonnementen › Overzicht; bij een vestiging de abonnementen die daar " +
  "verkocht zijn.";

/**
 * "Below expected" (src/server/alerts/expected.ts): today's washes up to the current whole hour against the
 * forecast's 80 % interval (REPORT-DEFINITIONS §6) over the hours gone by. The lower bound is the line, so a
 * wet day the forecast saw coming pages nobody; the rule has no threshold of its own.
 */
export const EXPECTED_DEFINITION =
  "Verwacht = de prognose van vandaag (Planning › Prognose) met haar 80%-interval, naar het aandeel van de " +
  "uren tot nu dat er op deze weekdag gewoonlijk gewassen wordt. De regel meldt binnen de openingstijden " +
  "wanneer het aantal wassen tot het laatste hele uur onder de ondergrens van dat interval blijft, zodra er " +
  `minstens ${USUAL_MINIMUM} wassen verwacht werden. Regen die voorspeld was, verlaagt de verwachting al: ` +
  "een natte dag geeft dus geen melding.";

/**
 * A site's membership conversion against its usual (src/server/alerts/members.ts computes it, with
 * Abonnementen › Overzicht): the last CONVERSION_DAYS whole days against the CONVERSION_USUAL_WEEKS weeks
 * before them, taken together. The rule speaks only when the usual conversion would have brought at least
 * CONVERSION_MINIMUM signups in those days: a quiet site with one signup a month does not wake anyone.
 */
export const CONVERSION_DAYS = 7;
export const CONVERSION_USUAL_WEEKS = 8;
export const CONVERSION_MINIMUM = 5;
export const CONVERSION_DEFINITION =
  `${metricLabel("membership_conversion")} = ${metricDefinition("membership_conversion").definition.replace(/\.$/, "")}. ` +
  `De regel vergelijkt per vestiging de laatste ${CONVERSION_DAYS} hele dagen met de ${CONVERSION_USUAL_WEEKS} ` +
  "weken ervoor (gewoonlijk: alle aanmeldingen van die weken ÷ al hun wassen zonder abonnement) en meldt " +
  "wanneer de conversie onder het ingestelde percentage van gewoonlijk blijft, zodra er bij de gewone " +
  `conversie minstens ${CONVERSION_MINIMUM} aanmeldingen te verwachten waren. Alleen abonnementen die op de ` +
  "vestiging verkocht zijn tellen mee.";

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(values, { message })
    .nullish()
    .transform((value) => value ?? null);

const recipientsSchema = z
  .array(emailSchema, { message: "Vul de e-mailadressen als lijst in." })
  .max(20, "Hoogstens 20 ontvangers.")
  .default([]);

const webhookUrlSchema = z
  .string({ message: "Vul een webadres in of laat het veld leeg." })
  .trim()
  .max(500, "Hoogstens 500 tekens.")
  .refine((value) => value === "" || /^https?:\/\/[^\s/]+/i.test(value), {
    message: "Vul een volledig webadres in dat begint met https:// (of http://).",
  })
  .nullish()
  .transform((value) => value || null);

const ruleFields = {
  name: requiredText("een naam", 100),
  kind: z.enum(alertKinds, { message: "Kies waarop de regel let." }),
  siteId: z
    .number({ message: "Kies een vestiging of de hele keten." })
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
  camera: optionalText(64),
  source: choice(alertSources, "Kies camera's of kassa's."),
  level: choice(alertLevels, "Kies vanaf wanneer: vertraagd of stil."),
  kpi: choice(alertKpis, "Kies een KPI."),
  direction: choice(alertDirections, "Kies boven of onder."),
  threshold: z
    .number({ message: "Vul een getal in." })
    .nullish()
    .transform((value) => value ?? null),
  recipients: recipientsSchema,
  webhookUrl: webhookUrlSchema,
  /** At least 16 characters; on an edit, empty keeps the secret already stored. */
  webhookSecret: optionalText(200),
  active: activeSchema,
};

type RuleShape = {
  kind: AlertKind;
  siteId: number | null;
  camera: string | null;
  source: AlertSource | null;
  level: string | null;
  kpi: AlertKpi | null;
  direction: string | null;
  threshold: number | null;
  recipients: string[];
  webhookUrl: string | null;
  webhookSecret: string | null;
};

const issue = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: "custom", path: [path], message });

/** The settings each kind needs, each issue on the field a person has to change. */
function ruleChecks(secretRequired: boolean) {
  return (input: RuleShape, ctx: z.RefinementCtx): void => {
    const { kind, threshold } = input;
    if (kind === "source-silent") {
      if (!input.source) issue(ctx, "source", "Kies camera's of kassa's.");
      if (!input.level) issue(ctx, "level", "Kies vanaf wanneer: vertraagd of stil.");
    }
    const cameraAllowed =
      kind === "read-rate" || (kind === "source-silent" && input.source === "plate-reads");
    if (input.camera && !cameraAllowed) {
      issue(ctx, "camera", "Een camera kies je alleen bij camera's of kentekens per uur.");
    } else if (input.camera && input.siteId === null) {
      issue(ctx, "camera", "Kies eerst de vestiging van de camera.");
    }
    if (kind === "read-rate" && !(threshold !== null && threshold > 0 && threshold <= 10_000)) {
      issue(ctx, "threshold", "Vul het minimum aantal kentekens per uur in (1 tot 10.000).");
    }
    const belowUsual = kind === "washes-below-usual" || kind === "conversion-below-usual";
    if (belowUsual && !(threshold !== null && threshold >= 1 && threshold <= 100)) {
      issue(ctx, "threshold", "Vul een percentage van 1 tot en met 100 in.");
    }
    if (kind === "kpi-threshold") {
      if (!input.kpi) issue(ctx, "kpi", "Kies een KPI.");
      if (!input.direction) issue(ctx, "direction", "Kies boven of onder.");
      if (!(threshold !== null && threshold >= 0 && threshold <= 100_000_000)) {
        issue(ctx, "threshold", "Vul de grenswaarde in (0 of meer).");
      }
    }
    if (input.recipients.length === 0 && !input.webhookUrl) {
      issue(ctx, "recipients", "Vul minstens één e-mailadres in, of een webhook.");
    }
    if (input.webhookSecret && input.webhookSecret.length < 16) {
      issue(ctx, "webhookSecret", "Het geheim is minstens 16 tekens lang.");
    } else if (input.webhookUrl && !input.webhookSecret && secretRequired) {
      issue(
        ctx,
        "webhookSecret",
        "Vul een gedeeld geheim in (minstens 16 tekens) om de webhook te ondertekenen.",
      );
    }
  };
}

export const alertRuleCreateSchema = z.object(ruleFields).superRefine(ruleChecks(true));
export type AlertRuleCreate = z.input<typeof alertRuleCreateSchema>;
export type AlertRuleInput = z.output<typeof alertRuleCreateSchema>;

export const alertRuleUpdateSchema = z
  .object({ ...ruleFields, version: versionSchema })
  .superRefine(ruleChecks(false));
export type AlertRuleUpdate = z.input<typeof alertRuleUpdateSchema>;

export interface AdminAlertRule {
  id: number;
  name: string;
  kind: AlertKind;
  siteId: number | null;
  siteName: string | null;
  camera: string | null;
  source: AlertSource | null;
  level: (typeof alertLevels)[number] | null;
  kpi: AlertKpi | null;
  direction: (typeof alertDirections)[number] | null;
  threshold: number | null;
  recipients: string[];
  webhookUrl: string | null;
  /** Whether a webhook secret is stored; the secret itself never leaves the server again. */
  hasSecret: boolean;
  active: boolean;
  version: number;
}

export const deliveryStatuses = ["pending", "retrying", "sent", "failed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Wacht",
  retrying: "Opnieuw proberen",
  sent: "Verzonden",
  failed: "Mislukt",
};

/** One message of the log: an incident opening or being resolved, over e-mail or webhook. */
export interface AlertLogEntry {
  id: number;
  createdAt: string;
  sentAt: string | null;
  ruleId: number;
  ruleName: string;
  incidentId: number;
  subjectLabel: string;
  detail: string;
  event: "opened" | "resolved";
  channel: "email" | "webhook";
  target: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
}
