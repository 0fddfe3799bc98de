import type { AuditEntry } from "../../shared/admin/overview.ts";
import type { Queryable } from "../db/database.ts";

export interface AuditRecord {
  /** Verb in the past tense of what happened: created, updated, deactivated, vouchers-generated … */
  action: string;
  entity: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
}

/** Written with the change itself, inside its transaction: a change without its audit entry cannot exist. */
export async function writeAudit(tx: Queryable, actorEmail: string, record: AuditRecord): Promise<void> {
  await tx.run(
    `INSERT INTO audit_log (actor_email, action, entity, entity_id, before, after)
     VALUES ($1, $2, $3, $4, $5::JSON, $6::JSON)`,
    [
      actorEmail,
      record.action,
      record.entity,
      record.entityId === null ? null : String(record.entityId),
      record.before === null ? null : JSON.stringify(record.before),
      record.after === null ? null : JSON.stringify(record.after),
    ],
  );
}

export async function latestAudit(
  db: Queryable,
  filter: { entity?: string; entityId?: string; limit: number },
): Promise<AuditEntry[]> {
  const rows = await db.query<Omit<AuditEntry, "before" | "after"> & { before: string; after: string }>(
    `SELECT id, occurred_at AS "occurredAt", actor_email AS "actorEmail", action, entity,
       entity_id AS "entityId", before::VARCHAR AS before, after::VARCHAR AS after
     FROM audit_log
     WHERE ($1::VARCHAR IS NULL OR entity = $1) AND ($2::VARCHAR IS NULL OR entity_id = $2)
     ORDER BY occurred_at DESC, id DESC LIMIT $3`,
    [filter.entity ?? null, filter.entityId ?? null, filter.limit],
  );
  return rows.map((row) => ({
    ...row,
    before: row.before === null ? null : JSON.parse(row.before),
    after: row.after === null ? null : JSON.parse(row.after),
  }));
}
