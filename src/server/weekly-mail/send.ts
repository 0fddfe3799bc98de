import type { Database } from "../db/database.ts";
import { repeat } from "../lifecycle/repeat.ts";
import { logger } from "../logging/logger.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { weeklyFigures } from "./figures.ts";
import { recipientsDue } from "./recipients.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";
import { isDue, lastCompleteWeek, type MailWeek, sendTimeOf } from "./week.ts";

export interface WeeklyMailDeps {
  db: Database;
  mailer: Mailer;
  /** Where people open Wasbord: the report link and the opt-out link start with it. */
  publicUrl: string;
}

export const UNSUBSCRIBE_PATH = "/mail/afmelden";

/**
 * The Monday e-mail for one recipient; a preview of the whole chain has no recipient (id null), and its
 * opt-out link carries no token (the page then says there is nothing to opt out of).
 */
export async function composeWeeklyMail(
  deps: WeeklyMailDeps,
  week: MailWeek,
  recipient: { id: number | null; siteIds: readonly number[] },
  now: Date,
): Promise<Omit<MailMessage, "to">> {
  const figures = await weeklyFigures(deps.db, week, recipient.siteIds, now);
  const report = new URL(`${deps.publicUrl}/reports/trx-revenue`);
  const [onlySite] = figures.scope.chain || figures.scope.sites.length !== 1 ? [] : figures.scope.sites;
  report.search = new URLSearchParams({
    period: "custom",
    from: week.from,
    to: week.to,
    compare: "previous",
    ...(onlySite && { site: onlySite.code }),
  }).toString();
  const token = recipient.id === null ? "" : `?token=${await unsubscribeToken(deps.db, recipient.id)}`;
  const unsubscribe = `${deps.publicUrl}${UNSUBSCRIBE_PATH}${token}`;
  // Loaded with the first mail: its charts (ECharts) are a third of the server's code, which every start parsed.
  const { renderWeeklyMail } = await import("./render.ts");
  const mail = renderWeeklyMail(figures, { report: report.toString(), unsubscribe });
  return {
    ...mail,
    // One-click opt-out from the mail client's own button (RFC 8058): a POST to the same link.
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * The schedule's work at `now`: when last week's mail is due (Monday 07:00 onwards), send it to every
 * subscribed recipient added before that Monday 07:00 who has not had it (a run later in the week catches
 * up after a restart or a failed send; it never surprises someone added since). A week is claimed in weekly_mail_sends before the mail goes
 * out, so that a second run (an overlapping tick, a restart) never sends it twice; a failed send gives the
 * claim back, and the next run tries again.
 */
export async function sendDueWeeklyMails(
  deps: WeeklyMailDeps,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  const week = lastCompleteWeek(now);
  if (!isDue(week, now)) return { sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  for (const recipient of await recipientsDue(deps.db, week.from, sendTimeOf(week))) {
    const claimed = await deps.db.query(
      `INSERT INTO weekly_mail_sends (recipient_id, week_start, email, sent_at) VALUES ($1, $2::DATE, $3, $4::TIMESTAMPTZ)
       ON CONFLICT DO NOTHING RETURNING recipient_id`,
      [recipient.id, week.from, recipient.email, now.toISOString()],
    );
    if (claimed.length === 0) continue;
    try {
      const mail = await composeWeeklyMail(deps, week, recipient, now);
      const { messageId } = await deps.mailer.send({ ...mail, to: [recipient.email] });
      await deps.db.run(
        "UPDATE weekly_mail_sends SET message_id = $1 WHERE recipient_id = $2 AND week_start = $3::DATE",
        [messageId, recipient.id, week.from],
      );
      sent++;
    } catch (error) {
      failed++;
      logger.error("weekly mail not sent; trying again on the next run", {
        recipientId: recipient.id,
        error,
      });
      await deps.db.run("DELETE FROM weekly_mail_sends WHERE recipient_id = $1 AND week_start = $2::DATE", [
        recipient.id,
        week.from,
      ]);
    }
  }
  if (sent > 0 || failed > 0) logger.info("weekly mail", { week: week.from, sent, failed });
  return { sent, failed };
}

const TICK_MS = 60_000;

/** Runs sendDueWeeklyMails every minute on the server clock; returns the function that stops that (lifecycle/repeat.ts). */
export const scheduleWeeklyMail = (deps: WeeklyMailDeps, now: () => Date) =>
  repeat("weekly mail run", () => sendDueWeeklyMails(deps, now()), TICK_MS);
