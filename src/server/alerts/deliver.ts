import { ALERT_KIND_LABELS, type AlertKind } from "../../shared/admin/alerts.ts";
import { formatDateTime } from "../../shared/format.ts";
import type { Database } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { alertsSent } from "../metrics/metrics.ts";
import { postWebhook } from "./webhook.ts";

// Sends the queued messages (alert_deliveries) that are due. A failed attempt is tried again after 1, 5
// and 30 minutes; after the fourth failure the message is marked failed and the log says why. The queue is
// the table, so planned retries survive a restart of the server.

export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000];

export interface DeliveryChannels {
  /** Off (production without SMTP_URL): e-mail messages fail with that reason, visible in the log. */
  mailer: Pick<Mailer, "send">;
  /** Where the log can be read, for the link in an e-mail. */
  appUrl: string;
}

interface Due {
  id: number;
  event: "opened" | "resolved";
  channel: "email" | "webhook";
  target: string;
  attempts: number;
  incidentId: number;
  subject: string;
  subjectLabel: string;
  startedAt: string;
  detail: string;
  resolvedAt: string | null;
  resolvedDetail: string | null;
  ruleId: number;
  ruleName: string;
  kind: AlertKind;
  secret: string | null;
}

function mailOf(due: Due, appUrl: string) {
  const resolved = due.event === "resolved";
  const lines = [
    resolved ? `Opgelost: ${due.subjectLabel}` : `Melding: ${due.subjectLabel}`,
    "",
    `Regel: ${due.ruleName} (${ALERT_KIND_LABELS[due.kind]})`,
    `Sinds: ${formatDateTime(due.startedAt)}`,
    `Bij de melding: ${due.detail}`,
    ...(resolved && due.resolvedAt
      ? [`Opgelost: ${formatDateTime(due.resolvedAt)}`, `Nu: ${due.resolvedDetail ?? ""}`]
      : []),
    "",
    `Alle meldingen: ${appUrl}/admin/alerts`,
  ];
  return {
    subject: `[Wasbord] ${resolved ? "Opgelost" : "Melding"}: ${due.ruleName} — ${due.subjectLabel}`,
    text: lines.join("\n"),
  };
}

/** The JSON a webhook receives; its fields are the contract with the receiver (see the draft note). */
const payloadOf = (due: Due, now: Date) => ({
  event: `incident.${due.event}`,
  deliveryId: due.id,
  sentAt: now.toISOString(),
  rule: { id: due.ruleId, name: due.ruleName, kind: due.kind },
  incident: {
    id: due.incidentId,
    subject: due.subject,
    subjectLabel: due.subjectLabel,
    startedAt: due.startedAt,
    detail: due.detail,
    resolvedAt: due.resolvedAt,
    resolvedDetail: due.resolvedDetail,
  },
});

async function send(due: Due, now: Date, channels: DeliveryChannels): Promise<void> {
  if (due.channel === "email") {
    await channels.mailer.send({ to: due.target.split(", "), ...mailOf(due, channels.appUrl) });
    return;
  }
  if (!due.secret) throw new Error("De regel heeft geen webhook-geheim meer.");
  await postWebhook(due.target, due.secret, payloadOf(due, now), {
    event: `incident.${due.event}`,
    deliveryId: due.id,
    now,
  });
}

/** Sends every queued message due at `now`, one at a time; returns how many were sent and failed. */
export async function deliverDue(
  db: Database,
  now: Date,
  channels: DeliveryChannels,
): Promise<{ sent: number; failed: number }> {
  const due = await db.query<Due>(
    `SELECT d.id, d.event, d.channel, d.target, d.attempts, i.id AS "incidentId", i.subject,
       i.subject_label AS "subjectLabel", i.started_at AS "startedAt", i.detail, i.resolved_at AS "resolvedAt",
       i.resolved_detail AS "resolvedDetail", r.id AS "ruleId", r.name AS "ruleName", r.kind,
       r.webhook_secret AS secret
     FROM alert_deliveries d JOIN alert_incidents i ON i.id = d.incident_id JOIN alert_rules r ON r.id = i.rule_id
     WHERE d.status IN ('pending', 'retrying') AND d.next_attempt_at <= $1::TIMESTAMPTZ
     ORDER BY d.id`,
    [now.toISOString()],
  );
  const counts = { sent: 0, failed: 0 };
  for (const message of due) {
    const attempts = message.attempts + 1;
    try {
      await send(message, now, channels);
      await db.run(
        `UPDATE alert_deliveries SET status = 'sent', attempts = $2, sent_at = $3::TIMESTAMPTZ, last_error = NULL
         WHERE id = $1`,
        [message.id, attempts, now.toISOString()],
      );
      counts.sent++;
      alertsSent.inc();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = RETRY_DELAYS_MS[attempts - 1];
      await db.run(
        `UPDATE alert_deliveries SET status = $2, attempts = $3, last_error = $4,
           next_attempt_at = $5::TIMESTAMPTZ WHERE id = $1`,
        [
          message.id,
          delay === undefined ? "failed" : "retrying",
          attempts,
          reason.slice(0, 500),
          new Date(now.getTime() + (delay ?? 0)).toISOString(),
        ],
      );
      counts.failed++;
      logger.warn("alert message not delivered", { deliveryId: message.id, attempts, reason });
    }
  }
  return counts;
}
