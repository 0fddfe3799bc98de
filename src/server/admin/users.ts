import { Hono } from "hono";
import { type AdminUser, userCreateSchema, userUpdateSchema } from "../../shared/admin/users.ts";
import { type Entity, mountEntityRoutes } from "../audit/entity-routes.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";

const SELECT_USER = `SELECT id, email, name, role, active, last_sign_in_at AS "lastSignInAt",
  created_at AS "createdAt", version FROM app_users`;

const users: Entity<AdminUser> = {
  kind: "user",
  table: "app_users",
  find: async (db, id) => (await db.query<AdminUser>(`${SELECT_USER} WHERE id = $1`, [id]))[0],
  list: (db) => db.query<AdminUser>(`${SELECT_USER} ORDER BY active DESC, lower(coalesce(name, email))`),
  unique: { column: "email", field: "email", message: "Er is al een gebruiker met dit e-mailadres." },
};

/** Refuses a change that would leave Wasbord without an active beheerder. */
async function keepOneBeheerder(tx: Queryable, user: AdminUser, after: { role: string; active: boolean }) {
  const losesBeheerder =
    user.role === "beheerder" && user.active && (after.role !== "beheerder" || !after.active);
  if (!losesBeheerder) return;
  const [{ others }] = await tx.query<{ others: number }>(
    "SELECT count(*) AS others FROM app_users WHERE role = 'beheerder' AND active AND id <> $1",
    [user.id],
  );
  if (others > 0) return;
  throw new ApiError(
    409,
    "last_beheerder",
    "Dit is de laatste actieve beheerder. Maak eerst iemand anders beheerder; anders kan niemand Wasbord nog beheren.",
  );
}

/** People are never deleted: a deactivated user keeps their name in the audit log and can come back. */
export function usersRouter(db: Database): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  mountEntityRoutes(router, db, users, {
    create: {
      schema: userCreateSchema,
      columns: ({ email, name, role }) => ({ email, name, role }),
    },
    update: {
      schema: userUpdateSchema,
      columns: ({ name, role }) => ({ name, role }),
      beforeUpdate: (tx, { role }, before) => keepOneBeheerder(tx, before, { role, active: before.active }),
    },
    beforeActiveChange: (tx, before, active) => keepOneBeheerder(tx, before, { role: before.role, active }),
  });
  return router;
}
