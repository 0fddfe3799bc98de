import type { Hono } from "hono";
import type { z } from "zod";
import { activeChangeSchema } from "../../shared/admin/fields.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database, Queryable } from "../db/database.ts";
import { idParam, parseBody } from "../http/request.ts";
import {
  type Audit,
  adminChange,
  type Columns,
  currentRow,
  insertRow,
  updateVersioned,
  type VersionedTable,
} from "./change.ts";
import { duplicate, type EntityKind } from "./change-errors.ts";

// The routes every versioned admin row has — list, create, edit, (de)activate — written once. A module
// declares its entity and how validated input maps to columns; its own rules hook in before or after.

/** A kind of row the admin edits: its table, how its API shape is read, and what must stay unique. */
export interface Entity<T extends { version: number }> {
  kind: EntityKind;
  table: VersionedTable;
  find: (db: Queryable, id: number) => Promise<T | undefined>;
  list: (db: Queryable) => Promise<T[]>;
  /** The column that must be unique (code, email), the input field it comes from, and the message. */
  unique: { column: string; field: string; message: string };
}

type Input<S extends z.ZodType> = z.output<S>;

export interface CreateOptions<S extends z.ZodType> {
  /** Rules that look at other rows (do the referenced items exist?), inside the transaction. */
  beforeInsert?: (tx: Queryable, input: Input<S>) => Promise<void>;
  columns: (input: Input<S>, tx: Queryable) => Columns | Promise<Columns>;
  /** Checks and related rows that need the new id, inside the same transaction. */
  afterInsert?: (tx: Queryable, input: Input<S>, id: number) => Promise<void>;
}

export interface UpdateOptions<T, S extends z.ZodType> {
  columns: (input: Input<S>) => Columns;
  /** Business rules on the current row and related rows, before the update, inside the transaction. */
  beforeUpdate?: (tx: Queryable, input: Input<S>, before: T) => Promise<void>;
}

/**
 * The whole of every edit of a versioned row: version check, `beforeUpdate`, the update, and the audit
 * entry with before and after.
 */
export async function changeVersioned<T extends { version: number }>(
  tx: Queryable,
  audit: Audit,
  entity: Entity<T>,
  change: { id: number; version: number; columns: Columns; action?: string },
  beforeUpdate?: (before: T) => Promise<void>,
): Promise<T> {
  const before = await currentRow(() => entity.find(tx, change.id), entity.kind, change.version);
  await beforeUpdate?.(before);
  await updateVersioned(tx, entity.table, entity.kind, change.id, change.version, change.columns);
  const after = (await entity.find(tx, change.id)) as T;
  await audit({
    action: change.action ?? "updated",
    entity: entity.kind,
    entityId: change.id,
    before,
    after,
  });
  return after;
}

/** GET / (list), POST / (create), PUT /:id (edit), PUT /:id/active (deactivate or reactivate). */
export function mountEntityRoutes<T extends { version: number }, C extends z.ZodType, U extends z.ZodType>(
  router: Hono<AppEnv>,
  db: Database,
  entity: Entity<T>,
  routes: {
    create: { schema: C } & CreateOptions<C>;
    update: { schema: U } & UpdateOptions<T, U>;
    beforeActiveChange?: (tx: Queryable, before: T, active: boolean) => Promise<void>;
  },
): void {
  const { create, update } = routes;

  router.get("/", async (c) => c.json(await entity.list(db)));

  router.post("/", async (c) => {
    const input = await parseBody(c, create.schema);
    const created = await adminChange(db, c.get("user").email, async (tx, audit) => {
      const { column, field, message } = entity.unique;
      const value = (input as Record<string, unknown>)[field] as string;
      const [taken] = await tx.query(`SELECT id FROM ${entity.table} WHERE ${column} = $1`, [value]);
      if (taken) throw duplicate(field, message);
      await create.beforeInsert?.(tx, input);
      const id = await insertRow(tx, entity.table, await create.columns(input, tx));
      await create.afterInsert?.(tx, input, id);
      const row = (await entity.find(tx, id)) as T;
      await audit({ action: "created", entity: entity.kind, entityId: id, before: null, after: row });
      return row;
    });
    return c.json(created, 201);
  });

  router.put("/:id{[0-9]+}", async (c) => {
    const id = idParam(c);
    const input = await parseBody(c, update.schema);
    const { version } = input as { version: number };
    const check = update.beforeUpdate;
    const row = await adminChange(db, c.get("user").email, (tx, audit) =>
      changeVersioned(
        tx,
        audit,
        entity,
        { id, version, columns: update.columns(input) },
        check && ((before) => check(tx, input, before)),
      ),
    );
    return c.json(row);
  });

  router.put("/:id{[0-9]+}/active", async (c) => {
    const id = idParam(c);
    const { active, version } = await parseBody(c, activeChangeSchema);
    const check = routes.beforeActiveChange;
    const row = await adminChange(db, c.get("user").email, (tx, audit) =>
      changeVersioned(
        tx,
        audit,
        entity,
        { id, version, columns: { active }, action: active ? "reactivated" : "deactivated" },
        check && ((before) => check(tx, before, active)),
      ),
    );
    return c.json(row);
  });
}
