import type { ItemKind } from "../../shared/admin/items.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError, type FieldError } from "../http/errors.ts";
import { invalidBatch, type Numbered, rowPath } from "./validate.ts";

// Codes in ingested rows are checked against the configured sites, items and promotions: an unknown code
// is an error for that row and field, never a silently created dimension.

export interface ItemInfo {
  id: number;
  vatRatePercent: number;
  kind: ItemKind;
}

export interface Codes {
  sites: Map<string, number>;
  items: Map<string, ItemInfo>;
  promotions: Map<string, number>;
}

/** The configured codes, read in one round trip: they are a few dozen rows, read afresh for every batch. */
export async function loadCodes(db: Queryable): Promise<Codes> {
  const rows = await db.query<{
    dimension: string;
    id: number;
    code: string;
    vat: number | null;
    kind: ItemKind | null;
  }>(
    `SELECT 'site' AS dimension, id, code, NULL AS vat, NULL AS kind FROM sites
     UNION ALL SELECT 'item', id, code, vat_rate_percent, kind FROM items
     UNION ALL SELECT 'promotion', id, code, NULL, NULL FROM promotions`,
  );
  const codes: Codes = { sites: new Map(), items: new Map(), promotions: new Map() };
  for (const { dimension, id, code, vat, kind } of rows) {
    if (dimension === "site") codes.sites.set(code, id);
    else if (dimension === "promotion") codes.promotions.set(code, id);
    else codes.items.set(code, { id, vatRatePercent: vat ?? 0, kind: kind as ItemKind });
  }
  return codes;
}

/** Collects unknown-code errors row by row, then throws them all at once. */
export class CodeChecker {
  private readonly errors: FieldError[] = [];

  lookup<V>(
    codes: Map<string, V>,
    code: string,
    row: number,
    path: PropertyKey[],
    what: string,
  ): V | undefined {
    const found = codes.get(code);
    if (found === undefined) this.refuse(row, path, `Onbekende ${what} '${code}'.`);
    return found;
  }

  refuse(row: number, path: PropertyKey[], message: string): void {
    this.errors.push({ row, path: rowPath(row, path), message });
  }

  /** Throws every error collected, in row order. */
  throwIfAny(): void {
    if (this.errors.length > 0) throw invalidBatch(this.errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)));
  }
}

/**
 * Resolves each row's site code to its id: unknown codes → 422 for that row; a key bound to one site may
 * only send that site's rows (403, naming the rows). A row without a site (null) has none, and is not a
 * row of a site-bound key's site. Pass `checker` to have its errors of other fields thrown with the sites'.
 */
export function resolveSites<T extends { site: string }>(
  rows: Numbered<T>[],
  sites: Map<string, number>,
  keySiteId: number | null,
  checker?: CodeChecker,
): number[];
export function resolveSites<T extends { site: string | null }>(
  rows: Numbered<T>[],
  sites: Map<string, number>,
  keySiteId: number | null,
  checker?: CodeChecker,
): (number | null)[];
export function resolveSites<T extends { site: string | null }>(
  rows: Numbered<T>[],
  sites: Map<string, number>,
  keySiteId: number | null,
  checker = new CodeChecker(),
): (number | null)[] {
  const ids = rows.map(({ row, value }) =>
    value.site === null ? null : (checker.lookup(sites, value.site, row, ["site"], "vestiging") ?? 0),
  );
  checker.throwIfAny();
  if (keySiteId !== null) {
    const foreign = rows.flatMap(({ row }, i) =>
      ids[i] === keySiteId
        ? []
        : [
            {
              row,
              path: rowPath(row, ["site"]),
              message: "Deze API-sleutel hoort bij een andere vestiging.",
            },
          ],
    );
    if (foreign.length > 0) {
      throw new ApiError(
        403,
        "forbidden",
        "Deze API-sleutel mag alleen rijen van zijn eigen vestiging sturen.",
        foreign.slice(0, 100),
      );
    }
  }
  return ids;
}
