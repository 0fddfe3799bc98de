import type { AdminAlertRule, AlertRuleInput } from "../../shared/admin/alerts.ts";
import type { Columns } from "../audit/change.ts";
import type { Queryable } from "../db/database.ts";

// How alert rules are stored (migration 092). recipients are kept as one comma-separated text; the
// webhook secret is read only by the delivery (deliver.ts), never by a screen or the audit log.

const SELECT_RULE = `SELECT r.id, r.name, r.kind, r.site_id AS "siteId", s.name AS "siteName", r.camera,
  r.source, r.level, r.kpi, r.direction, r.threshold, coalesce(r.recipients, '') AS recipients,
  r.webhook_url AS "webhookUrl", r.webhook_secret IS NOT NULL AS "hasSecret", r.active, r.version
  FROM alert_rules r LEFT JOIN sites s ON s.id = r.site_id`;

type StoredRule = Omit<AdminAlertRule, "recipients"> & { recipients: string };

const fromStored = ({ recipients, ...rule }: StoredRule): AdminAlertRule => ({
  ...rule,
  recipients: recipients ? recipients.split(",") : [],
});

export const findRule = async (db: Queryable, id: number) => {
  const [row] = await db.query<StoredRule>(`${SELECT_RULE} WHERE r.id = $1`, [id]);
  return row && fromStored(row);
};

export const listRules = async (db: Queryable) =>
  (await db.query<StoredRule>(`${SELECT_RULE} ORDER BY r.active DESC, r.name`)).map(fromStored);

export const activeRules = async (db: Queryable) =>
  (await db.query<StoredRule>(`${SELECT_RULE} WHERE r.active ORDER BY r.id`)).map(fromStored);

/**
 * The columns of validated input. Settings the rule's kind does not use are stored as null, so a rule
 * switched from "KPI" to "camera stil" carries no stale threshold. An empty secret on an edit keeps the
 * stored one (the form never receives it); without a webhook there is no secret.
 */
export function ruleColumns(input: AlertRuleInput): Columns {
  const uses = (kinds: AlertRuleInput["kind"][]) => kinds.includes(input.kind);
  const columns: Columns = {
    name: input.name,
    kind: input.kind,
    site_id: input.siteId,
    camera: uses(["read-rate", "source-silent"]) ? input.camera : null,
    source: uses(["source-silent"]) ? input.source : null,
    level: uses(["source-silent"]) ? input.level : null,
    kpi: uses(["kpi-threshold"]) ? input.kpi : null,
    direction: uses(["kpi-threshold"]) ? input.direction : null,
    threshold: uses(["source-silent", "washes-below-expected"]) ? null : input.threshold,
    recipients: input.recipients.length > 0 ? input.recipients.join(",") : null,
    webhook_url: input.webhookUrl,
    active: input.active,
  };
  if (!input.webhookUrl) columns.webhook_secret = null;
  else if (input.webhookSecret) columns.webhook_secret = input.webhookSecret;
  return columns;
}
