import type { Queryable } from "../../db/database.ts";
import { SITES } from "../catalog.ts";
import type { Catalog } from "../dimensions.ts";

// The stored chain as the living demo's simulators need it: its sites and items by their demo codes.

/** Database id → code, as devices name sites and items. */
export interface Codes {
  sites: Map<number, string>;
  items: Map<number, string>;
}

/** What the simulators need of the stored chain: its sites and items, by their demo codes. */
export async function liveCatalog(db: Queryable): Promise<{ catalog: Catalog; codes: Codes }> {
  const sites = await db.query<{ id: number; code: string }>("SELECT id, code FROM sites");
  const items = await db.query<{ id: number; code: string }>("SELECT id, code FROM items");
  const siteIds = new Map(sites.map((s) => [s.code, s.id]));
  // Vouchers, promotions and experiments belong to the generated history's campaigns: the live chain
  // leaves them out rather than invent new ones.
  return {
    catalog: {
      siteIds: SITES.map((site) => siteIds.get(site.code) ?? -1),
      itemIds: new Map(items.map((i) => [i.code, i.id])),
      affiliateIds: new Map(),
      promotions: [],
      experiments: [],
    },
    codes: {
      sites: new Map(sites.map((row) => [row.id, row.code])),
      items: new Map(items.map((row) => [row.id, row.code])),
    },
  };
}
