import { randomInt } from "node:crypto";
import { listValue } from "@duckdb/node-api";
import type { Hono } from "hono";
import {
  type AdminVoucher,
  VOUCHER_ALPHABET,
  VOUCHER_GROUP_LENGTH,
  VOUCHER_GROUPS,
  voucherBatchSchema,
  voucherCsvColumns,
} from "../../shared/admin/promotions.ts";
import { CSV_BOM, toCsv } from "../../shared/csv.ts";
import { adminChange } from "../audit/change.ts";
import { notFound } from "../audit/change-errors.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database, Queryable } from "../db/database.ts";
import { idParam, parseBody } from "../http/request.ts";

/** A code like `ZOMER-K7QF-X3MD`: random groups from an alphabet without look-alike characters. */
export function voucherCode(prefix: string): string {
  const groups = Array.from({ length: VOUCHER_GROUPS }, () =>
    Array.from(
      { length: VOUCHER_GROUP_LENGTH },
      () => VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)],
    ).join(""),
  );
  return [...(prefix ? [prefix] : []), ...groups].join("-");
}

/** `count` codes, unique among themselves and against every voucher already stored. */
async function freshCodes(tx: Queryable, prefix: string, count: number): Promise<string[]> {
  const codes = new Set<string>();
  // 25^8 ≈ 1.5·10^11 codes per prefix: collisions are rare, so a few rounds always suffice.
  for (let round = 0; codes.size < count && round < 10; round++) {
    const candidates = new Set<string>();
    while (candidates.size < count - codes.size) {
      const code = voucherCode(prefix);
      if (!codes.has(code)) candidates.add(code);
    }
    const taken = new Set(
      (
        await tx.query<{ code: string }>(
          "SELECT code FROM vouchers WHERE code IN (SELECT unnest($1::VARCHAR[]))",
          [listValue([...candidates])],
        )
      ).map((row) => row.code),
    );
    for (const code of candidates) if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}

const VOUCHER_COLUMNS = `code, channel, issued_at AS "issuedAt", claimed_at AS "claimedAt",
  redeemed_at AS "redeemedAt"`;

async function promotionVouchers(db: Queryable, promotionId: number): Promise<AdminVoucher[]> {
  const [promotion] = await db.query("SELECT id FROM promotions WHERE id = $1", [promotionId]);
  if (!promotion) throw notFound("promotion");
  return db.query<AdminVoucher>(
    `SELECT ${VOUCHER_COLUMNS} FROM vouchers WHERE promotion_id = $1 ORDER BY issued_at, code`,
    [promotionId],
  );
}

export function vouchersCsv(vouchers: AdminVoucher[]): string {
  return (
    CSV_BOM +
    toCsv(
      voucherCsvColumns.map((column) => column.header),
      vouchers.map((voucher) => voucherCsvColumns.map((column) => column.value(voucher))),
    )
  );
}

/** Voucher batches and lists, beneath /promotions/:id. */
export function mountVoucherRoutes(router: Hono<AppEnv>, db: Database): void {
  router.get("/:id{[0-9]+}/vouchers", async (c) => c.json(await promotionVouchers(db, idParam(c))));

  router.get("/:id{[0-9]+}/vouchers.csv", async (c) => {
    const id = idParam(c);
    const vouchers = await promotionVouchers(db, id);
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", `attachment; filename="vouchers-actie-${id}.csv"`);
    return c.body(vouchersCsv(vouchers));
  });

  // A batch is issued now, through the promotion's own channel (and affiliate); the answer lists the new
  // codes so the screen can offer them for download at once.
  router.post("/:id{[0-9]+}/vouchers", async (c) => {
    const id = idParam(c);
    const { count, prefix } = await parseBody(c, voucherBatchSchema);
    const vouchers = await adminChange(db, c.get("user").email, async (tx, audit) => {
      const [promotion] = await tx.query<{ channel: string; affiliateId: number | null }>(
        `SELECT channel, affiliate_id AS "affiliateId" FROM promotions WHERE id = $1`,
        [id],
      );
      if (!promotion) throw notFound("promotion");
      const codes = await freshCodes(tx, prefix, count);
      const vouchers = await tx.query<AdminVoucher>(
        `INSERT INTO vouchers (code, promotion_id, channel, affiliate_id, issued_at)
         SELECT unnest($1::VARCHAR[]), $2, $3, $4, now() RETURNING ${VOUCHER_COLUMNS}`,
        [listValue(codes), id, promotion.channel, promotion.affiliateId],
      );
      await audit({
        action: "vouchers-generated",
        entity: "promotion",
        entityId: id,
        before: null,
        after: { count: codes.length, prefix, first: codes[0], last: codes.at(-1) },
      });
      return vouchers.sort((a, b) => a.code.localeCompare(b.code));
    });
    return c.json({ created: vouchers.length, vouchers }, 201);
  });
}
