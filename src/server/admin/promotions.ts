import { listValue } from "@duckdb/node-api";
import { Hono } from "hono";
import type { z } from "zod";
import {
  type AdminPromotion,
  promotionCreateSchema,
  promotionUpdateSchema,
} from "../../shared/admin/promotions.ts";
import { type Entity, mountEntityRoutes } from "../audit/entity-routes.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { JOURNEY_DECLARED } from "../warehouse/derived/journey/journey-sync.ts";
import { mountVoucherRoutes } from "./vouchers.ts";

// Issued, claimed and redeemed count the promotion's vouchers by the moment each reached that stage.
const SELECT_PROMOTION = `SELECT p.id, p.code, p.name, p.kind, p.value, p.channel, p.affiliate_id AS "affiliateId",
  p.valid_from AS "validFrom", p.valid_to AS "validTo", p.max_redemptions AS "maxRedemptions", p.active, p.version,
  coalesce((SELECT list(pi.item_id ORDER BY pi.item_id) FROM promotion_items pi WHERE pi.promotion_id = p.id),
    []::INTEGER[]) AS "itemIds",
  coalesce(v.issued, 0) AS issued, coalesce(v.claimed, 0) AS claimed, coalesce(v.redeemed, 0) AS redeemed
  FROM promotions p
  LEFT JOIN (SELECT promotion_id, count(*) AS issued, count(claimed_at) AS claimed, count(redeemed_at) AS redeemed
    FROM vouchers GROUP BY promotion_id) v ON v.promotion_id = p.id`;

const promotions: Entity<AdminPromotion> = {
  kind: "promotion",
  table: "promotions",
  find: async (db, id) => (await db.query<AdminPromotion>(`${SELECT_PROMOTION} WHERE p.id = $1`, [id]))[0],
  list: (db) =>
    db.query<AdminPromotion>(`${SELECT_PROMOTION} ORDER BY p.active DESC, p.valid_from DESC, p.name`),
  unique: { column: "code", field: "code", message: "Deze code is al in gebruik voor een andere actie." },
};

type PromotionInput = Omit<z.output<typeof promotionUpdateSchema>, "version">;

const promotionColumns = (input: PromotionInput) => ({
  name: input.name,
  kind: input.kind,
  value: input.value,
  channel: input.channel,
  affiliate_id: input.affiliateId,
  valid_from: input.validFrom,
  valid_to: input.validTo,
  max_redemptions: input.maxRedemptions,
  active: input.active,
});

/** Unknown items or affiliate are a field error, not a foreign-key failure deep in the database. */
async function checkReferences(tx: Queryable, input: PromotionInput): Promise<void> {
  const known = new Set(
    (
      await tx.query<{ id: number }>("SELECT id FROM items WHERE id IN (SELECT unnest($1::INTEGER[]))", [
        listValue(input.itemIds),
      ])
    ).map((row) => row.id),
  );
  const fields = input.itemIds.flatMap((id, i) =>
    known.has(id) ? [] : [{ path: `itemIds[${i}]`, message: "Dit item bestaat niet (meer)." }],
  );
  if (input.affiliateId !== null) {
    const [affiliate] = await tx.query("SELECT id FROM affiliates WHERE id = $1", [input.affiliateId]);
    if (!affiliate) fields.push({ path: "affiliateId", message: "Deze affiliate bestaat niet (meer)." });
  }
  if (fields.length > 0) throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", fields);
}

/** Makes the promotion's item list equal to `itemIds`, touching only what differs. */
async function setItems(tx: Queryable, promotionId: number, itemIds: number[]): Promise<void> {
  const ids = listValue([...new Set(itemIds)]);
  await tx.run(
    "DELETE FROM promotion_items WHERE promotion_id = $1 AND item_id NOT IN (SELECT unnest($2::INTEGER[]))",
    [promotionId, ids],
  );
  await tx.run(
    `INSERT INTO promotion_items (promotion_id, item_id)
     SELECT $1, unnest($2::INTEGER[]) ON CONFLICT DO NOTHING`,
    [promotionId, ids],
  );
}

export function promotionsRouter(db: Database): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  mountEntityRoutes(router, db, promotions, {
    create: {
      schema: promotionCreateSchema,
      beforeInsert: checkReferences,
      columns: (input) => ({ code: input.code, ...promotionColumns(input) }),
      afterInsert: (tx, input, id) => setItems(tx, id, input.itemIds),
    },
    update: {
      schema: promotionUpdateSchema,
      columns: promotionColumns,
      beforeUpdate: async (tx, input, before) => {
        await checkReferences(tx, input);
        await setItems(tx, before.id, input.itemIds);
        // The journey credits a redemption to its claim only within the voucher's validity: other dates
        // make it be worked out again from the facts (the next sync rebuilds it).
        if (input.validFrom !== before.validFrom || input.validTo !== before.validTo) {
          await JOURNEY_DECLARED.reset(tx);
        }
      },
    },
  });
  mountVoucherRoutes(router, db);
  return router;
}
