import type { AdminAlertRule } from "../../shared/admin/alerts.ts";
import type { Database, Queryable } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import type { Observation } from "./observation.ts";
import { observe } from "./observe.ts";
import { activeRules } from "./rules.ts";

// One evaluation of every active rule at `now` (the scheduler passes the server clock; tests pass their
// own). An incident opens when a rule finds a subject in breach and none is open for that rule and subject;
// it is resolved when a later evaluation finds the subject well. Each change queues one message per
// channel of the rule (alert_deliveries, unique per incident, event and channel), in the same transaction
// as the change itself: an incident without its messages, or a message twice, cannot be stored.

export interface EvaluationResult {
  opened: number;
  resolved: number;
  /** Rules that could not be evaluated (logged); the others still were. */
  failed: number;
}

const channelsOf = (rule: AdminAlertRule) => [
  ...(rule.recipients.length > 0 ? [{ channel: "email", target: rule.recipients.join(", ") }] : []),
  ...(rule.webhookUrl ? [{ channel: "webhook", target: rule.webhookUrl }] : []),
];

async function queueMessages(
  tx: Queryable,
  rule: AdminAlertRule,
  incidentId: number,
  event: "opened" | "resolved",
  now: Date,
): Promise<void> {
  for (const { channel, target } of channelsOf(rule)) {
    await tx.run(
      `INSERT INTO alert_deliveries (incident_id, event, channel, target, status, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, 'pending', $5::TIMESTAMPTZ, $5::TIMESTAMPTZ) ON CONFLICT DO NOTHING`,
      [incidentId, event, channel, target, now.toISOString()],
    );
  }
}

async function applyObservations(
  db: Database,
  rule: AdminAlertRule,
  observations: Observation[],
  now: Date,
  result: EvaluationResult,
): Promise<void> {
  const open = new Map(
    (
      await db.query<{ id: number; subject: string }>(
        "SELECT id, subject FROM alert_incidents WHERE rule_id = $1 AND resolved_at IS NULL",
        [rule.id],
      )
    ).map((row) => [row.subject, row.id]),
  );
  for (const seen of observations) {
    const incidentId = open.get(seen.subject);
    if (seen.breached && incidentId === undefined) {
      const opened = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO alert_incidents (rule_id, subject, subject_label, started_at, detail, open_key)
           VALUES ($1, $2, $3, $4::TIMESTAMPTZ, $5, $1 || '|' || $2) ON CONFLICT DO NOTHING RETURNING id`,
          [rule.id, seen.subject, seen.label, now.toISOString(), seen.detail],
        );
        if (row) await queueMessages(tx, rule, row.id, "opened", now);
        return row !== undefined;
      });
      if (opened) result.opened++;
    } else if (!seen.breached && incidentId !== undefined) {
      await db.transaction(async (tx) => {
        await tx.run(
          `UPDATE alert_incidents SET resolved_at = $2::TIMESTAMPTZ, resolved_detail = $3, open_key = NULL
           WHERE id = $1 AND resolved_at IS NULL`,
          [incidentId, now.toISOString(), seen.detail],
        );
        await queueMessages(tx, rule, incidentId, "resolved", now);
      });
      result.resolved++;
    }
  }
}

/**
 * Evaluates every active rule at `now`. A rule switched off keeps its open incidents as they are: nobody is
 * told "resolved" about something nobody watches any more.
 */
export async function evaluateAlerts(db: Database, now: Date): Promise<EvaluationResult> {
  const result: EvaluationResult = { opened: 0, resolved: 0, failed: 0 };
  for (const rule of await activeRules(db)) {
    try {
      await applyObservations(db, rule, await observe(db, rule, now), now, result);
    } catch (error) {
      result.failed++;
      logger.error("alert rule could not be evaluated", { ruleId: rule.id, error });
    }
  }
  return result;
}
