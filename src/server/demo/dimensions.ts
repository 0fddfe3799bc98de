import type { Queryable } from "../db/database.ts";
import type { Day } from "./calendar.ts";
import { AFFILIATES, EXTRAS, PROGRAMMES, SITES, SUBSCRIPTIONS } from "./catalog.ts";
import { type ExperimentDef, experimentsFor, type PromotionDef, promotionsFor } from "./marketing.ts";

export interface Catalog {
  /** Database id per SITES index. */
  siteIds: number[];
  itemIds: Map<string, number>;
  affiliateIds: Map<string, number>;
  promotions: (PromotionDef & { id: number })[];
  experiments: ExperimentDef[];
}

async function insertReturningId(db: Queryable, sql: string, params: (string | number | boolean | null)[]) {
  const [row] = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
  return row.id;
}

const isoAt = (days: Day[], index: number) => new Date(days[index].startMs + 9 * 3_600_000).toISOString();

/** Writes the demo chain's dimensions (a few dozen rows, so plain INSERTs) and returns their ids. */
export async function insertCatalog(db: Queryable, days: Day[]): Promise<Catalog> {
  const siteIds: number[] = [];
  for (const site of SITES) {
    siteIds.push(
      await insertReturningId(
        db,
        `INSERT INTO sites (code, name, address, postcode, city, lat, lon, lanes, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::TIMESTAMPTZ)`,
        [
          site.code,
          site.name,
          site.address,
          site.postcode,
          site.city,
          site.lat,
          site.lon,
          site.lanes,
          isoAt(days, 0),
        ],
      ),
    );
  }
  const itemIds = new Map<string, number>();
  const items = [...PROGRAMMES, ...EXTRAS, ...SUBSCRIPTIONS];
  for (const [index, item] of items.entries()) {
    const id = await insertReturningId(
      db,
      `INSERT INTO items (code, name, kind, price_cents, vat_rate_percent, description, sort_order)
       VALUES ($1, $2, $3, $4, 21, $5, $6)`,
      [item.code, item.name, item.kind, item.priceCents, item.description, (index + 1) * 10],
    );
    itemIds.set(item.code, id);
  }
  const affiliateIds = new Map<string, number>();
  for (const affiliate of AFFILIATES) {
    const id = await insertReturningId(
      db,
      `INSERT INTO affiliates (code, name, network, commission_kind, commission_value) VALUES ($1, $2, $3, $4, $5)`,
      [affiliate.code, affiliate.name, affiliate.network, affiliate.kind, affiliate.value],
    );
    affiliateIds.set(affiliate.code, id);
  }
  const promotions: Catalog["promotions"] = [];
  for (const promotion of promotionsFor(days)) {
    const id = await insertReturningId(
      db,
      `INSERT INTO promotions (code, name, kind, value, channel, affiliate_id, valid_from, valid_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7::DATE, $8::DATE)`,
      [
        promotion.code,
        promotion.name,
        promotion.kind,
        promotion.value,
        promotion.channel,
        promotion.affiliate ? (affiliateIds.get(promotion.affiliate) ?? null) : null,
        promotion.validFrom,
        promotion.validTo,
      ],
    );
    for (const item of promotion.items) {
      await db.run("INSERT INTO promotion_items VALUES ($1, $2)", [id, itemIds.get(item) ?? null]);
    }
    promotions.push({ ...promotion, id });
  }
  const experiments = experimentsFor(days);
  for (const experiment of experiments) {
    const stoppedAt = experiment.stopDay === null ? null : isoAt(days, experiment.stopDay);
    const id = await insertReturningId(
      db,
      `INSERT INTO experiments (key, name, hypothesis, metric, guardrail, status, started_at, stopped_at, decision,
         conclusion)
       VALUES ($1, $2, $3, $4, 'bounce_rate', $5, $6::TIMESTAMPTZ, $7::TIMESTAMPTZ, $8, $9)`,
      [
        experiment.key,
        experiment.name,
        experiment.hypothesis,
        experiment.metric,
        stoppedAt === null ? "running" : "stopped",
        isoAt(days, experiment.startDay),
        stoppedAt,
        experiment.decision?.variant ?? null,
        experiment.decision?.conclusion ?? null,
      ],
    );
    for (const [index, key] of experiment.variants.entries()) {
      await db.run("INSERT INTO experiment_variants VALUES ($1, $2, $3, $4)", [id, key, key, index === 0]);
    }
    // Configured 50/50, whatever the site really did (variantShare).
    await db.run("INSERT INTO experiment_phases VALUES ($1, 1, $2::TIMESTAMPTZ, $3::TIMESTAMPTZ, $4::JSON)", [
      id,
      isoAt(days, experiment.startDay),
      stoppedAt,
      JSON.stringify(Object.fromEntries(experiment.variants.map((key) => [key, 1]))),
    ]);
  }
  return { siteIds, itemIds, affiliateIds, promotions, experiments };
}
