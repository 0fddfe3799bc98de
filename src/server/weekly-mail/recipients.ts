import type { WeeklyRecipient } from "../../shared/admin/mail.ts";
import { writeAudit } from "../audit/audit.ts";
import { duplicate } from "../audit/change-errors.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";

// Who gets the Monday e-mail, set by a beheerder under Instellingen → Postvak; every change audited.

/** A list of ids bound as JSON: DuckDB cannot bind an empty list value (its item type is unknown). */
export const INTEGERS = (param: string) => `from_json(${param}, '["INTEGER"]')`;

const COLUMNS = `r.id, r.email, r.site_ids AS "siteIds",
  coalesce((SELECT list(s.name ORDER BY s.name) FROM sites s WHERE list_contains(r.site_ids, s.id)), []) AS "siteNames",
  r.created_at AS "createdAt", r.unsubscribed_at AS "unsubscribedAt",
  (SELECT max(week_start) FROM weekly_mail_sends m WHERE m.recipient_id = r.id) AS "lastWeekSent"`;

export function listRecipients(db: Queryable): Promise<WeeklyRecipient[]> {
  return db.query<WeeklyRecipient>(`SELECT ${COLUMNS} FROM weekly_mail_recipients r ORDER BY r.email`);
}

export async function findRecipient(db: Queryable, id: number): Promise<WeeklyRecipient | null> {
  const [row] = await db.query<WeeklyRecipient>(
    `SELECT ${COLUMNS} FROM weekly_mail_recipients r WHERE r.id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * Recipients still subscribed who have not had the mail of the week starting `weekStart`, due at `slot`
 * (its Monday 07:00). Only those added before the slot: the slot's mail is sent late when the server was
 * down at 07:00, but someone added after it waits for the next Monday, as Instellingen › Postvak tells them.
 */
export function recipientsDue(db: Queryable, weekStart: string, slot: Date): Promise<WeeklyRecipient[]> {
  return db.query<WeeklyRecipient>(
    `SELECT ${COLUMNS} FROM weekly_mail_recipients r
     WHERE r.unsubscribed_at IS NULL
       AND r.created_at < $2::TIMESTAMPTZ
       AND NOT EXISTS (SELECT 1 FROM weekly_mail_sends m WHERE m.recipient_id = r.id AND m.week_start = $1::DATE)
     ORDER BY r.id`,
    [weekStart, slot.toISOString()],
  );
}

/** Adds a recipient at `at`, the server's clock: from then on the next Monday's mail is theirs. */
export async function addRecipient(
  db: Database,
  actor: string,
  input: { email: string; siteIds: number[] },
  at: Date,
): Promise<WeeklyRecipient> {
  const siteIds = [...new Set(input.siteIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    if (siteIds.length > 0) {
      const [{ known }] = await tx.query<{ known: number }>(
        `SELECT count(*) AS known FROM sites WHERE list_contains(${INTEGERS("$1")}, id)`,
        [JSON.stringify(siteIds)],
      );
      if (known !== siteIds.length) {
        throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [
          { path: "siteIds", message: "Een gekozen vestiging bestaat niet (meer)." },
        ]);
      }
    }
    const taken = await tx.query("SELECT 1 FROM weekly_mail_recipients WHERE email = $1", [input.email]);
    if (taken.length > 0) throw duplicate("email", "Dit adres krijgt de maandagmail al.");
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO weekly_mail_recipients (email, site_ids, created_at)
       VALUES ($1, ${INTEGERS("$2")}, $3::TIMESTAMPTZ) RETURNING id`,
      [input.email, JSON.stringify(siteIds), at.toISOString()],
    );
    await writeAudit(tx, actor, {
      action: "created",
      entity: "weekly-mail-recipient",
      entityId: id,
      before: null,
      after: { email: input.email, siteIds },
    });
    return (await findRecipient(tx, id)) as WeeklyRecipient;
  });
}

export async function removeRecipient(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findRecipient(tx, id);
    if (!before) throw new ApiError(404, "not_found", "Deze ontvanger bestaat niet (meer).");
    await tx.run("DELETE FROM weekly_mail_recipients WHERE id = $1", [id]);
    await writeAudit(tx, actor, {
      action: "deleted",
      entity: "weekly-mail-recipient",
      entityId: id,
      before: { email: before.email, siteIds: before.siteIds },
      after: null,
    });
  });
}

/** The opt-out: the recipient's address (kept as it was when already off), or null when the row is gone. */
export async function unsubscribe(db: Queryable, id: number): Promise<{ email: string } | null> {
  const [row] = await db.query<{ email: string }>(
    `UPDATE weekly_mail_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE id = $1 RETURNING email`,
    [id],
  );
  return row ?? null;
}
