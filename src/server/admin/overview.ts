import type { AdminOverview } from "../../shared/admin/overview.ts";
import { amsterdamDate } from "../../shared/time-zone.ts";
import { latestAudit } from "../audit/audit.ts";
import type { Queryable } from "../db/database.ts";
import { dataFreshness } from "./freshness.ts";

/** Counts for the tiles of /admin. A promotion counts as active when switched on and valid today (Amsterdam). */
export async function adminOverview(db: Queryable): Promise<AdminOverview> {
  const [counts] = await db.query<AdminOverview["counts"]>(
    `SELECT
       (SELECT count(*) FROM app_users) AS users,
       (SELECT count(*) FROM app_users WHERE active) AS "activeUsers",
       (SELECT count(*) FROM items) AS items,
       (SELECT count(*) FROM items WHERE active) AS "activeItems",
       (SELECT count(*) FROM promotions WHERE active
          AND valid_from <= $today::DATE AND (valid_to IS NULL OR valid_to >= $today::DATE)
       ) AS "activePromotions",
       (SELECT count(*) FROM sites) AS sites,
       (SELECT count(*) FROM sites WHERE active) AS "activeSites",
       (SELECT count(*) FROM api_keys WHERE revoked_at IS NULL) AS "activeApiKeys"`,
    { today: amsterdamDate() },
  );
  const [freshness, audit] = await Promise.all([dataFreshness(db), latestAudit(db, { limit: 10 })]);
  return { counts, freshness, audit };
}
