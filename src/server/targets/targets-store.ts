import type { z } from "zod";
import {
  monthsOf,
  type SiteTarget,
  type siteTargetSchema,
  TARGET_FIGURES,
  type TargetSaveResult,
  type TargetValues,
  type TargetYear,
} from "../../shared/admin/targets.ts";
import type { Audit } from "../audit/change.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError, type FieldError } from "../http/errors.ts";

// The stored targets (site_targets, migration 120): a year's grid, and setting or clearing site-months with
// an audit entry per site-month that changed.

type TargetInput = z.output<typeof siteTargetSchema>;

const SELECT_TARGET = `SELECT site_id AS "siteId", strftime(month, '%Y-%m') AS month, washes,
  revenue_ex_vat_cents AS "revenueExVatCents", new_members AS "newMembers",
  updated_by AS "updatedBy", updated_at AS "updatedAt"
  FROM site_targets`;

/** The targets stored for these site-months, by `siteId month`. */
export async function readTargets(
  db: Queryable,
  where: { from: string; to: string; siteIds?: readonly number[] },
): Promise<SiteTarget[]> {
  const rows = await db.query<SiteTarget>(
    `${SELECT_TARGET}
     WHERE month BETWEEN $1::DATE AND $2::DATE
       AND ($3::VARCHAR IS NULL OR list_contains($3::JSON::INTEGER[], site_id))
     ORDER BY site_id, month`,
    [`${where.from}-01`, `${where.to}-01`, where.siteIds ? JSON.stringify(where.siteIds) : null],
  );
  // BIGINT comes back as a bigint: the API speaks numbers (cents stay far below 2^53).
  return rows.map((row) => ({ ...row, revenueExVatCents: numberOrNull(row.revenueExVatCents) }));
}

const numberOrNull = (value: number | bigint | null) => (value === null ? null : Number(value));

/** Every site, active first, and the year's targets. */
export async function targetYear(db: Queryable, year: number): Promise<TargetYear> {
  const months = monthsOf(year);
  const [sites, targets] = await Promise.all([
    db.query<TargetYear["sites"][number]>(
      "SELECT id, code, name, active FROM sites ORDER BY active DESC, name",
    ),
    readTargets(db, { from: months[0], to: months[11] }),
  ]);
  return { year, sites, targets };
}

const valuesOf = (target: TargetValues): TargetValues => ({
  washes: target.washes,
  revenueExVatCents: target.revenueExVatCents,
  newMembers: target.newMembers,
});
const isEmpty = (values: TargetValues) => TARGET_FIGURES.every((figure) => values[figure] === null);
const sameValues = (a: TargetValues, b: TargetValues) =>
  TARGET_FIGURES.every((figure) => a[figure] === b[figure]);

/**
 * A target needs a site that exists; setting one also an active site (a closed site gets no new targets),
 * while clearing stays possible so that a closed site's plans can be tidied. `pathOf(i)` names input i's
 * fields in the errors: `targets[3].` in a batch, nothing for the one site-month of a path.
 */
async function checkSites(tx: Queryable, inputs: TargetInput[], pathOf: (index: number) => string) {
  const sites = new Map(
    (await tx.query<{ id: number; name: string; active: boolean }>("SELECT id, name, active FROM sites")).map(
      (s) => [s.id, s],
    ),
  );
  const fields: FieldError[] = inputs.flatMap((input, index) => {
    const site = sites.get(input.siteId);
    const path = `${pathOf(index)}siteId`;
    if (!site) return [{ path, message: "Deze vestiging bestaat niet (meer)." }];
    if (!site.active && !isEmpty(input)) {
      return [{ path, message: "Deze vestiging is niet actief: er kunnen geen doelen voor worden gezet." }];
    }
    return [];
  });
  if (fields.length > 0) throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", fields);
  return sites;
}

/** Sets or clears (all three null) each site-month; an audit entry for each one that changed. */
export async function saveTargets(
  tx: Queryable,
  audit: Audit,
  actorEmail: string,
  inputs: TargetInput[],
  pathOf: (index: number) => string,
): Promise<TargetSaveResult> {
  const sites = await checkSites(tx, inputs, pathOf);
  const result: TargetSaveResult = { saved: [], cleared: 0, unchanged: 0 };
  for (const input of inputs) {
    // The name lets the audit list say which site and month, as it names other rows by their name.
    const name = `${sites.get(input.siteId)?.name} ${input.month}`;
    const key = { siteId: input.siteId, month: input.month, name };
    const [stored] = await readTargets(tx, { from: input.month, to: input.month, siteIds: [input.siteId] });
    const before = stored ? valuesOf(stored) : null;
    const after = isEmpty(input) ? null : valuesOf(input);
    if (before === after || (before && after && sameValues(before, after))) {
      result.unchanged++;
      if (stored) result.saved.push(stored);
      continue;
    }
    const month = `${input.month}-01`;
    if (after) {
      await tx.run(
        `INSERT INTO site_targets (site_id, month, washes, revenue_ex_vat_cents, new_members, updated_by)
         VALUES ($1, $2::DATE, $3, $4, $5, $6)
         ON CONFLICT (site_id, month) DO UPDATE SET washes = excluded.washes,
           revenue_ex_vat_cents = excluded.revenue_ex_vat_cents, new_members = excluded.new_members,
           updated_by = excluded.updated_by, updated_at = now()`,
        [input.siteId, month, after.washes, after.revenueExVatCents, after.newMembers, actorEmail],
      );
      const [saved] = await readTargets(tx, { from: input.month, to: input.month, siteIds: [input.siteId] });
      result.saved.push(saved);
    } else {
      await tx.run("DELETE FROM site_targets WHERE site_id = $1 AND month = $2::DATE", [input.siteId, month]);
      result.cleared++;
    }
    await audit({
      action: !before ? "created" : after ? "updated" : "deleted",
      entity: "siteTarget",
      entityId: `${input.siteId}/${input.month}`,
      before: before && { ...key, ...before },
      after: after && { ...key, ...after },
    });
  }
  return result;
}
