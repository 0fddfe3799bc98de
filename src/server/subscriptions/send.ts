import { writeAudit } from "../audit/audit.ts";
import type { Role } from "../auth/users.ts";
import type { Database } from "../db/database.ts";
import { repeat } from "../lifecycle/repeat.ts";
import { logger } from "../logging/logger.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { optOutToken } from "../mail/opt-out-token.ts";
import { runReport } from "../reports/define-report.ts";
import { reportWorkbook } from "../reports/exports/workbook.ts";
import { parseReportFilters } from "../reports/filters.ts";
import { protectEnvelope } from "../reports/protect-envelope.ts";
import { REPORTS } from "../reports/registry.ts";
import { renderSubscriptionMail } from "./render.ts";
import { dueSlot } from "./schedule.ts";
import { activeRecipients, allSubscriptions, type SubscriptionRow } from "./store.ts";

export interface SubscriptionMailDeps {
  db: Database;
  mailer: Mailer;
  /** Where people open Wasbord: the screen link and the opt-out link start with it. */
  publicUrl: string;
}

export const SUBSCRIPTION_OPT_OUT_PATH = "/mail/abonnement-afmelden";
export const OPT_OUT_PURPOSE = "report-subscription-unsubscribe";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The role a mail is read with: a signed-in beheerder's address sees plates whole; anyone else masked. */
async function roleOf(db: Database, email: string): Promise<Role> {
  const [row] = await db.query<{ role: Role }>("SELECT role FROM app_users WHERE email = $1 AND active", [
    email,
  ]);
  return row?.role ?? "analist";
}

/**
 * One recipient's mail of a subscription at `now`: the report run with the subscription's query string
 * (a relative period resolved now), cut to what the recipient may see (protect-envelope.ts, as on screen),
 * its KPI's in the body and the same workbook as the Excel button attached.
 */
export async function composeSubscriptionMail(
  deps: SubscriptionMailDeps,
  subscription: SubscriptionRow,
  recipient: { id: number; email: string },
  now: Date,
): Promise<Omit<MailMessage, "to">> {
  const report = REPORTS.get(subscription.report);
  if (!report) throw new Error(`report ${subscription.report} no longer exists`);
  const query = Object.fromEntries(new URLSearchParams(subscription.query));
  // The attachment holds whole tables, as the Excel button's file does.
  const { entry } = report;
  const filters = await parseReportFilters({ rows: "all", ...query }, deps.db, now, entry);
  const role = await roleOf(deps.db, recipient.email);
  const { envelope, wholeValues } = protectEnvelope(await runReport(report, deps.db, filters), role);
  if (wholeValues > 0) {
    await writeAudit(deps.db, recipient.email, {
      action: "mailed-plates",
      entity: "report",
      entityId: subscription.report,
      before: null,
      after: { subscription: subscription.id, filters: query, plates: wholeValues },
    });
  }
  const token = await optOutToken(deps.db, OPT_OUT_PURPOSE, recipient.id);
  const links = {
    screen: `${deps.publicUrl}/reports/${subscription.report}${subscription.query ? `?${subscription.query}` : ""}`,
    unsubscribe: `${deps.publicUrl}${SUBSCRIPTION_OPT_OUT_PATH}?token=${token}`,
  };
  const mail = renderSubscriptionMail({
    name: subscription.name,
    title: entry.title,
    schedule: subscription,
    envelope,
    links,
    masked: role !== "beheerder" && envelope.tables.some((table) => table.columns.some((c) => c.personal)),
  });
  const file = `${subscription.report.replaceAll("/", "-")}-${envelope.period.from}-${envelope.period.to}.xlsx`;
  return {
    ...mail,
    attachments: [
      { filename: file, content: await reportWorkbook(envelope, entry.title), contentType: XLSX_TYPE },
    ],
    headers: {
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** Sends one mail; the caller has claimed its slot (or it is "Nu versturen", which claims none). */
async function deliver(
  deps: SubscriptionMailDeps,
  subscription: SubscriptionRow,
  recipient: { id: number; email: string },
  now: Date,
): Promise<string> {
  const mail = await composeSubscriptionMail(deps, subscription, recipient, now);
  return (await deps.mailer.send({ ...mail, to: [recipient.email] })).messageId;
}

/**
 * The schedule's work at `now`: every subscribed recipient whose slot is due (schedule.ts: added before it,
 * not sent yet) gets that slot's mail. The slot is claimed in report_subscription_sends before the mail goes
 * out, so a second run (an overlapping tick, a restart) never sends it twice; a failed send gives the claim
 * back, and the next run tries again.
 */
export async function sendDueSubscriptionMails(
  deps: SubscriptionMailDeps,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const subscription of await allSubscriptions(deps.db)) {
    for (const recipient of await activeRecipients(deps.db, subscription.id)) {
      const slot = dueSlot(subscription, new Date(recipient.createdAt), now);
      if (!slot) continue;
      const key = [subscription.id, recipient.id, slot.toISOString()];
      const claimed = await deps.db.query(
        `INSERT INTO report_subscription_sends (subscription_id, recipient_id, slot, email, sent_at)
         VALUES ($1, $2, $3::TIMESTAMPTZ, $4, $5::TIMESTAMPTZ) ON CONFLICT DO NOTHING RETURNING recipient_id`,
        [...key, recipient.email, now.toISOString()],
      );
      if (claimed.length === 0) continue;
      try {
        const messageId = await deliver(deps, subscription, recipient, now);
        await deps.db.run(
          `UPDATE report_subscription_sends SET message_id = $4
           WHERE subscription_id = $1 AND recipient_id = $2 AND slot = $3::TIMESTAMPTZ`,
          [...key, messageId],
        );
        sent++;
      } catch (error) {
        failed++;
        logger.error("subscription mail not sent; trying again on the next run", {
          subscriptionId: subscription.id,
          recipientId: recipient.id,
          error,
        });
        await deps.db.run(
          "DELETE FROM report_subscription_sends WHERE subscription_id = $1 AND recipient_id = $2 AND slot = $3::TIMESTAMPTZ",
          key,
        );
      }
    }
  }
  if (sent > 0 || failed > 0) logger.info("subscription mail", { sent, failed });
  return { sent, failed };
}

/** "Nu versturen": the subscription's mail to every subscribed recipient now, outside the schedule. */
export async function sendSubscriptionNow(
  deps: SubscriptionMailDeps,
  subscription: SubscriptionRow,
  now: Date,
): Promise<string[]> {
  const recipients = await activeRecipients(deps.db, subscription.id);
  for (const recipient of recipients) await deliver(deps, subscription, recipient, now);
  return recipients.map((recipient) => recipient.email);
}

const TICK_MS = 60_000;

/** Runs sendDueSubscriptionMails every minute on the server clock; returns the function that stops it. */
export const scheduleSubscriptionMail = (deps: SubscriptionMailDeps, now: () => Date) =>
  repeat("subscription mail run", () => sendDueSubscriptionMails(deps, now()), TICK_MS);
