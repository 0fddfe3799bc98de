import { Hono } from "hono";
import type { z } from "zod";
import {
  type AdminItem,
  type ItemRemoval,
  itemCreateSchema,
  itemMoveSchema,
  itemUpdateSchema,
} from "../../shared/admin/items.ts";
import { type Audit, adminChange, currentRow } from "../audit/change.ts";
import { changeVersioned, type Entity, mountEntityRoutes } from "../audit/entity-routes.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { idParam, parseBody } from "../http/request.ts";

// everSold looks into the sales facts: an item on any transaction line keeps its row for good, so every old
// sale still names what was sold.
const SELECT_ITEM = `SELECT id, code, name, kind, price_cents AS "priceCents", vat_rate_percent AS "vatRatePercent",
  description, active, sort_order AS "sortOrder", version,
  EXISTS (SELECT 1 FROM transaction_lines l WHERE l.item_id = items.id) AS "everSold"
  FROM items`;
const ORDER = "ORDER BY sort_order, id";

const items: Entity<AdminItem> = {
  kind: "item",
  table: "items",
  find: async (db, id) => (await db.query<AdminItem>(`${SELECT_ITEM} WHERE id = $1`, [id]))[0],
  list: (db) => db.query<AdminItem>(`${SELECT_ITEM} ${ORDER}`),
  unique: { column: "code", field: "code", message: "Deze code is al in gebruik voor een ander item." },
};

const itemColumns = (input: Omit<z.output<typeof itemUpdateSchema>, "version">) => ({
  name: input.name,
  kind: input.kind,
  price_cents: input.price,
  vat_rate_percent: input.vatRatePercent,
  description: input.description,
  active: input.active,
});

/** Moves an item one place up or down the list, renumbering the list 10, 20, 30 … on the way. */
async function moveItem(tx: Queryable, audit: Audit, id: number, direction: "up" | "down", version: number) {
  const order = await tx.query<{ id: number; sortOrder: number }>(
    `SELECT id, sort_order AS "sortOrder" FROM items ${ORDER}`,
  );
  const from = order.findIndex((row) => row.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from >= 0 && to >= 0 && to < order.length) [order[from], order[to]] = [order[to], order[from]];
  // Only the moved item's version changes: the others were not edited, so their open forms stay valid.
  for (const [index, row] of order.entries()) {
    if (row.id !== id && row.sortOrder !== (index + 1) * 10) {
      await tx.run("UPDATE items SET sort_order = $2 WHERE id = $1", [row.id, (index + 1) * 10]);
    }
  }
  const sortOrder = (order.findIndex((row) => row.id === id) + 1) * 10;
  return changeVersioned(tx, audit, items, {
    id,
    version,
    columns: { sort_order: sortOrder },
    action: "moved",
  });
}

/** Deletes an item nobody ever bought; one that was sold is deactivated instead. */
async function removeItem(tx: Queryable, audit: Audit, id: number, version: number): Promise<ItemRemoval> {
  const before = await currentRow(() => items.find(tx, id), "item", version);
  if (before.everSold) {
    const columns = { active: false };
    const item = await changeVersioned(tx, audit, items, { id, version, columns, action: "deactivated" });
    return { outcome: "deactivated", item };
  }
  const promotions = await tx.query<{ name: string }>(
    `SELECT p.name FROM promotion_items pi JOIN promotions p ON p.id = pi.promotion_id
     WHERE pi.item_id = $1 ORDER BY p.name`,
    [id],
  );
  if (promotions.length > 0) {
    const names = promotions.map((p) => `'${p.name}'`).join(", ");
    throw new ApiError(
      409,
      "in_use",
      `Dit item hoort bij ${promotions.length === 1 ? "de actie" : "de acties"} ${names}. Haal het daar eerst weg, of deactiveer het.`,
    );
  }
  await tx.run("DELETE FROM items WHERE id = $1", [id]);
  await audit({ action: "deleted", entity: "item", entityId: id, before, after: null });
  return { outcome: "deleted", item: null };
}

export function itemsRouter(db: Database): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  mountEntityRoutes(router, db, items, {
    create: {
      schema: itemCreateSchema,
      // A new item goes to the end of the list.
      columns: async (input, tx) => {
        const [{ last }] = await tx.query<{ last: number }>(
          "SELECT coalesce(max(sort_order), 0) AS last FROM items",
        );
        return { code: input.code, ...itemColumns(input), sort_order: last + 10 };
      },
    },
    update: { schema: itemUpdateSchema, columns: itemColumns },
  });

  router.post("/:id{[0-9]+}/move", async (c) => {
    const id = idParam(c);
    const { direction, version } = await parseBody(c, itemMoveSchema);
    const item = await adminChange(db, c.get("user").email, (tx, audit) =>
      moveItem(tx, audit, id, direction, version),
    );
    return c.json(item);
  });

  // The version travels in the query string: a delete based on a stale list is refused like any edit.
  router.delete("/:id{[0-9]+}", async (c) => {
    const id = idParam(c);
    const version = Number(c.req.query("version"));
    if (!Number.isInteger(version) || version < 1) {
      throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [
        { path: "version", message: "Versie ontbreekt: laad de gegevens opnieuw." },
      ]);
    }
    const removal = await adminChange(db, c.get("user").email, (tx, audit) =>
      removeItem(tx, audit, id, version),
    );
    return c.json(removal);
  });

  return router;
}
