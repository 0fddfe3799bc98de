import { Hono } from "hono";
import {
  type AdminSite,
  type SiteCreate,
  siteCreateSchema,
  siteUpdateSchema,
} from "../../shared/admin/sites.ts";
import type { Columns } from "../audit/change.ts";
import { type Entity, mountEntityRoutes } from "../audit/entity-routes.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database } from "../db/database.ts";

const SELECT_SITE = `SELECT id, code, name, address, postcode, city, lat, lon, lanes,
  cars_per_lane_hour AS "carsPerLaneHour", active, version FROM sites`;

const sites: Entity<AdminSite> = {
  kind: "site",
  table: "sites",
  find: async (db, id) => (await db.query<AdminSite>(`${SELECT_SITE} WHERE id = $1`, [id]))[0],
  list: (db) => db.query<AdminSite>(`${SELECT_SITE} ORDER BY active DESC, name`),
  unique: { column: "code", field: "code", message: "Deze code is al in gebruik voor een andere vestiging." },
};

/** The input's fields as columns; a field left out (carsPerLaneHour in an older client's update) stays as it is. */
function columnsOf({ carsPerLaneHour, ...rest }: Partial<SiteCreate>) {
  return {
    ...rest,
    ...(carsPerLaneHour !== undefined && { cars_per_lane_hour: carsPerLaneHour }),
  } as Columns;
}

/** Sites are never deleted: facts and API keys refer to them. Deactivated, they leave the freshness list. */
export function sitesRouter(db: Database): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  mountEntityRoutes(router, db, sites, {
    create: { schema: siteCreateSchema, columns: columnsOf },
    update: { schema: siteUpdateSchema, columns: ({ version: _, ...input }) => columnsOf(input) },
  });
  return router;
}
