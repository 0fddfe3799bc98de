import { Hono } from "hono";
import {
  type AdminAlertRule,
  type AlertLogEntry,
  alertRuleCreateSchema,
  alertRuleUpdateSchema,
} from "../../shared/admin/alerts.ts";
import { duplicate } from "../audit/change-errors.ts";
import { type Entity, mountEntityRoutes } from "../audit/entity-routes.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { findRule, listRules, ruleColumns } from "./rules.ts";

// Instellingen → Meldingen, mounted at /api/admin/alerts (beheerders only, like all of /api/admin): the
// rules with the usual create / edit / (de)activate routes and audit log, the log of sent messages, the
// cameras a rule can watch, and "check now".

const rules: Entity<AdminAlertRule> = {
  kind: "alertRule",
  table: "alert_rules",
  find: findRule,
  list: listRules,
  unique: { column: "name", field: "name", message: "Er is al een regel met deze naam." },
};

const invalid = (path: string, message: string) =>
  new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path, message }]);

async function siteExists(tx: Queryable, siteId: number | null): Promise<void> {
  if (siteId === null) return;
  const [site] = await tx.query("SELECT id FROM sites WHERE id = $1", [siteId]);
  if (!site) throw invalid("siteId", "Deze vestiging bestaat niet (meer).");
}

const LOG_LIMIT = 200;

export const alertLog = (db: Queryable) =>
  db.query<AlertLogEntry>(
    `SELECT d.id, d.created_at AS "createdAt", d.sent_at AS "sentAt", r.id AS "ruleId", r.name AS "ruleName",
       i.id AS "incidentId", i.subject_label AS "subjectLabel",
       CASE d.event WHEN 'resolved' THEN coalesce(i.resolved_detail, i.detail) ELSE i.detail END AS detail,
       d.event, d.channel, d.target, d.status, d.attempts,
       CASE WHEN d.status IN ('pending', 'retrying') THEN d.next_attempt_at END AS "nextAttemptAt",
       d.last_error AS "lastError"
     FROM alert_deliveries d JOIN alert_incidents i ON i.id = d.incident_id JOIN alert_rules r ON r.id = i.rule_id
     ORDER BY d.created_at DESC, d.id DESC LIMIT ${LOG_LIMIT}`,
  );

export function alertsRouter(db: Database, runAlerts?: () => Promise<void>): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  mountEntityRoutes(router, db, rules, {
    create: {
      schema: alertRuleCreateSchema,
      beforeInsert: (tx, input) => siteExists(tx, input.siteId),
      columns: ruleColumns,
    },
    update: {
      schema: alertRuleUpdateSchema,
      columns: ({ version: _, ...input }) => ruleColumns(input),
      beforeUpdate: async (tx, input, before) => {
        await siteExists(tx, input.siteId);
        const [taken] = await tx.query("SELECT id FROM alert_rules WHERE name = $1 AND id <> $2", [
          input.name,
          before.id,
        ]);
        if (taken) throw duplicate("name", rules.unique.message);
        if (input.webhookUrl && !input.webhookSecret && !before.hasSecret) {
          throw invalid(
            "webhookSecret",
            "Vul een gedeeld geheim in (minstens 16 tekens) om de webhook te ondertekenen.",
          );
        }
      },
    },
  });

  router.get("/log", async (c) => c.json(await alertLog(db)));

  // The cameras that ever read a plate, per site: the choices for a rule about one camera.
  router.get("/cameras", async (c) =>
    c.json(
      await db.query<{ siteId: number; camera: string }>(
        `SELECT DISTINCT site_id AS "siteId", camera FROM plate_reads ORDER BY "siteId", camera`,
      ),
    ),
  );

  // Evaluates the rules and sends what is due now, instead of at the next minute: after setting up a rule,
  // a beheerder sees at once what it finds.
  router.post("/run", async (c) => {
    if (!runAlerts) throw new ApiError(503, "unavailable", "De meldingen draaien niet in deze server.");
    await runAlerts();
    return c.json(await alertLog(db));
  });
  return router;
}
