import type { Schedule, Subscription, SubscriptionRecipient } from "../../shared/reports/subscriptions.ts";
import { writeAudit } from "../audit/audit.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { lastSlotAtOrBefore, nextSlotAfter } from "./schedule.ts";

// Report subscriptions in the database: who made them, what they mail, to whom, and what went out. Every
// change is audited, as the other admin changes are.

export interface SubscriptionRow extends Schedule {
  id: number;
  report: string;
  query: string;
  name: string;
  ownerEmail: string;
  createdAt: string;
}

const COLUMNS = `s.id, s.report, s.query, s.name, s.owner_email AS "ownerEmail", s.cadence, s.weekday,
  s.month_day AS "monthDay", s.hour, s.created_at AS "createdAt"`;

type RecipientRow = SubscriptionRecipient & { subscriptionId: number };

export const iso = (value: Date | string) => new Date(value).toISOString();

function recipientsOf(db: Queryable, ids: number[]): Promise<RecipientRow[]> {
  return db.query<RecipientRow>(
    `SELECT r.id, r.subscription_id AS "subscriptionId", r.email, r.created_at AS "createdAt",
       r.unsubscribed_at AS "unsubscribedAt",
       (SELECT max(slot) FROM report_subscription_sends m WHERE m.recipient_id = r.id) AS "lastSlotSent"
     FROM report_subscription_recipients r
     WHERE list_contains(from_json($1, '["INTEGER"]'), r.subscription_id) ORDER BY r.email`,
    [JSON.stringify(ids)],
  );
}

/**
 * What the schedule does next: the latest slot while a recipient added before it still waits for it (a run
 * after a restart sends it late), else the next slot.
 */
export function nextSend(row: SubscriptionRow, recipients: RecipientRow[], now: Date): Date {
  const slot = lastSlotAtOrBefore(row, now);
  const waiting = recipients.some(
    (r) =>
      !r.unsubscribedAt &&
      slot &&
      new Date(r.createdAt) < slot &&
      (!r.lastSlotSent || new Date(r.lastSlotSent) < slot),
  );
  return waiting && slot ? slot : nextSlotAfter(row, now);
}

/** Every subscription (owner null) or those `owner` made or receives, with recipients and next send. */
export async function listSubscriptions(
  db: Queryable,
  owner: string | null,
  now: Date,
): Promise<Subscription[]> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM report_subscriptions s
     WHERE $1::VARCHAR IS NULL OR s.owner_email = $1::VARCHAR
       OR EXISTS (SELECT 1 FROM report_subscription_recipients r WHERE r.subscription_id = s.id AND r.email = $1::VARCHAR)
     ORDER BY lower(s.name), s.id`,
    [owner],
  );
  const recipients = await recipientsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = recipients.filter((r) => r.subscriptionId === row.id);
    return {
      ...row,
      createdAt: iso(row.createdAt),
      next: nextSend(row, own, now).toISOString(),
      recipients: own.map(({ subscriptionId: _, ...r }) => ({
        ...r,
        createdAt: iso(r.createdAt),
        unsubscribedAt: r.unsubscribedAt && iso(r.unsubscribedAt),
        lastSlotSent: r.lastSlotSent && iso(r.lastSlotSent),
      })),
    };
  });
}

export async function findSubscription(db: Queryable, id: number): Promise<SubscriptionRow | null> {
  const [row] = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM report_subscriptions s WHERE s.id = $1`,
    [id],
  );
  return row ?? null;
}

export interface NewSubscription extends Schedule {
  report: string;
  query: string;
  name: string;
  recipients: string[];
}

/** Stores a subscription made at `at` (the server's clock): its first mail is the next slot after it. */
export async function createSubscription(
  db: Database,
  actor: string,
  input: NewSubscription,
  at: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO report_subscriptions (owner_email, report, query, name, cadence, weekday, month_day, hour, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::TIMESTAMPTZ) RETURNING id`,
      [
        actor,
        input.report,
        input.query,
        input.name,
        input.cadence,
        input.cadence === "weekly" ? input.weekday : null,
        input.cadence === "monthly" ? input.monthDay : null,
        input.hour,
        at.toISOString(),
      ],
    );
    for (const email of new Set(input.recipients)) {
      await tx.run(
        `INSERT INTO report_subscription_recipients (subscription_id, email, created_at) VALUES ($1, $2, $3::TIMESTAMPTZ)`,
        [id, email, at.toISOString()],
      );
    }
    await writeAudit(tx, actor, {
      action: "created",
      entity: "report-subscription",
      entityId: id,
      before: null,
      after: input,
    });
    return id;
  });
}

export async function deleteSubscription(db: Database, actor: string, row: SubscriptionRow): Promise<void> {
  await db.transaction(async (tx) => {
    const recipients = await recipientsOf(tx, [row.id]);
    await tx.run("DELETE FROM report_subscription_recipients WHERE subscription_id = $1", [row.id]);
    await tx.run("DELETE FROM report_subscriptions WHERE id = $1", [row.id]);
    await writeAudit(tx, actor, {
      action: "deleted",
      entity: "report-subscription",
      entityId: row.id,
      before: { ...row, recipients: recipients.map((r) => r.email) },
      after: null,
    });
  });
}

/** Subscribed recipients of a subscription, with when they were added. */
export function activeRecipients(db: Queryable, subscriptionId: number): Promise<RecipientRow[]> {
  return db.query<RecipientRow>(
    `SELECT id, subscription_id AS "subscriptionId", email, created_at AS "createdAt", unsubscribed_at AS "unsubscribedAt", NULL AS "lastSlotSent"
     FROM report_subscription_recipients WHERE subscription_id = $1 AND unsubscribed_at IS NULL ORDER BY id`,
    [subscriptionId],
  );
}

export function allSubscriptions(db: Queryable): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM report_subscriptions s ORDER BY s.id`);
}

/** The opt-out: the address and the subscription's name, or null when the recipient is gone. */
export async function unsubscribeRecipient(
  db: Queryable,
  id: number,
): Promise<{ email: string; name: string } | null> {
  const [row] = await db.query<{ email: string; subscriptionId: number }>(
    `UPDATE report_subscription_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now())
     WHERE id = $1 RETURNING email, subscription_id AS "subscriptionId"`,
    [id],
  );
  if (!row) return null;
  const subscription = await findSubscription(db, row.subscriptionId);
  return { email: row.email, name: subscription?.name ?? "" };
}

export async function findRecipient(
  db: Queryable,
  id: number,
): Promise<{ email: string; name: string; unsubscribedAt: string | null } | null> {
  const [row] = await db.query<{ email: string; name: string; unsubscribedAt: string | null }>(
    `SELECT r.email, s.name, r.unsubscribed_at AS "unsubscribedAt" FROM report_subscription_recipients r
     JOIN report_subscriptions s ON s.id = r.subscription_id WHERE r.id = $1`,
    [id],
  );
  return row ?? null;
}

export const notFound = () => new ApiError(404, "not_found", "Dit abonnement bestaat niet (meer).");
