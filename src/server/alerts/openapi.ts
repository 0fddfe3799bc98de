import {
  type AdminAlertRule,
  type AlertLogEntry,
  alertDirections,
  alertKinds,
  alertKpis,
  alertLevels,
  alertRuleCreateSchema,
  alertRuleUpdateSchema,
  alertSources,
  deliveryStatuses,
} from "../../shared/admin/alerts.ts";
import { z } from "../../shared/zod-nl.ts";
import { ok, operation, resource } from "../audit/entity-openapi.ts";

// OpenAPI path items of /api/admin/alerts (Instellingen → Meldingen), with the admin API's conventions.

const timestamp = z.string().describe("ISO 8601 instant");

const alertRuleSchema: z.ZodType<AdminAlertRule> = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(alertKinds),
  siteId: z.number().int().nullable().describe("null: de hele keten"),
  siteName: z.string().nullable(),
  camera: z.string().nullable(),
  source: z.enum(alertSources).nullable(),
  level: z.enum(alertLevels).nullable(),
  kpi: z.enum(alertKpis).nullable(),
  direction: z.enum(alertDirections).nullable(),
  threshold: z.number().nullable(),
  recipients: z.array(z.string()),
  webhookUrl: z.string().nullable(),
  hasSecret: z.boolean().describe("Er is een webhook-geheim bewaard; het geheim zelf komt nooit terug"),
  active: z.boolean(),
  version: z.number().int(),
});

const logEntrySchema: z.ZodType<AlertLogEntry> = z.object({
  id: z.number().int(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  incidentId: z.number().int(),
  subjectLabel: z.string(),
  detail: z.string(),
  event: z.enum(["opened", "resolved"]),
  channel: z.enum(["email", "webhook"]),
  target: z.string().describe("De e-mailadressen of de webhook-URL"),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
});

const log = z.array(logEntrySchema);

export const alertsOpenApiPaths = {
  ...resource(
    "/api/admin/alerts",
    "Meldingsregels",
    alertRuleSchema,
    alertRuleCreateSchema,
    alertRuleUpdateSchema,
  ),
  "/api/admin/alerts/log": {
    get: operation("Verzonden meldingen, nieuwste eerst (hoogstens 200)", ok("Het log.", log)),
  },
  "/api/admin/alerts/cameras": {
    get: operation(
      "Camera's die ooit een kenteken lazen, per vestiging",
      ok("De camera's.", z.array(z.object({ siteId: z.number().int(), camera: z.string() }))),
    ),
  },
  "/api/admin/alerts/run": {
    post: operation("Regels nu nalopen en versturen wat klaarstaat", ok("Het log daarna.", log)),
  },
};
