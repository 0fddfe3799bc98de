import { type ParsedPlate, parsePlate } from "../../shared/plates.ts";
import { FAR_AWAY, PROGRAMMES, SITES, SUBSCRIPTIONS } from "./catalog.ts";
import { newPlateReading, PostcodeArea } from "./plate-gen.ts";
import { cumulative, type Random } from "./random.ts";

// The customer base. A customer is a plate with a home site, a postcode, a favourite programme and a way of
// paying. Returning customers sit in pools per site and segment; an arrival is drawn from a segment by its
// share of visits, then uniformly from the pool, which gives each segment its own visit frequency:
// incidental customers come every few months, regulars monthly, the "vast" ones weekly, subscribers
// twice a week. Every first-time visitor is new; a share of them stay and take a pool slot, pushing the
// slot's previous holder out (churn), so the base renews itself over the two years.

export const INCIDENTAL = 0;
export const REGULAR = 1;
export const WEEKLY = 2;
export const SUBSCRIBER = 3;
const SEGMENTS = 4;

/** Share of arrivals: new visitors first, then the pools in segment order. */
const ARRIVAL_SHARE = cumulative([0.18, 0.22, 0.25, 0.17, 0.18]);
/** Mean days between visits per pool segment; with the shares above this sizes the pools. */
const MEAN_GAP_DAYS = [100, 30, 7, 4];
/** Chance a first-time visitor stays, per segment (the rest never comes back). */
const STAY_CHANCE = [0.15, 0.06, 0.015, 0.005];
/** Share of visits made at another site than the customer's own. */
const AWAY_SHARE = 0.08;

export const PAYMENT_METHODS = ["pin", "contant", "creditcard", "app"] as const;

export class Customers {
  readonly plate: string[] = [];
  readonly sidecode: (number | null)[] = [];
  readonly home: number[] = [];
  readonly postcode: string[] = [];
  /** Favourite programme (index into PROGRAMMES). */
  readonly level: number[] = [];
  /** Index into PAYMENT_METHODS. */
  readonly payment: number[] = [];
  /** Index into SUBSCRIPTIONS, or -1. */
  readonly subscription: number[] = [];
  /** Chance per visit of taking an extra. */
  readonly extras: number[] = [];
  /** pools[site][segment]: customer ids. */
  readonly pools: number[][][];
  private readonly seen = new Set<string>();
  private readonly areas: PostcodeArea[];
  private readonly farAway = new PostcodeArea(FAR_AWAY);
  /** Told when a newcomer takes a subscriber's pool slot: the wash club's signup and cancel. */
  onSubscriberJoin: ((id: number, replaced: number, site: number) => void) | null = null;

  constructor(
    private readonly rng: Random,
    washesPerSiteDay: number,
  ) {
    this.areas = SITES.map((site) => new PostcodeArea(site.catchment));
    this.pools = SITES.map((site, s) =>
      Array.from({ length: SEGMENTS }, (_, segment) => {
        const share = ARRIVAL_SHARE[segment + 1] - ARRIVAL_SHARE[segment];
        const size = Math.max(1, Math.round(share * washesPerSiteDay * site.size * MEAN_GAP_DAYS[segment]));
        return Array.from({ length: size }, () => this.create(s, 0, segment === SUBSCRIBER));
      }),
    );
  }

  get count(): number {
    return this.plate.length;
  }

  /**
   * A new customer living near `site`. `progress` (0 → 1 over the period) shifts the habits of new
   * customers: more apps and fewer coins, richer programmes.
   */
  create(site: number, progress: number, subscriber = false): number {
    const rng = this.rng;
    let parsed = parsePlate(newPlateReading(rng));
    while (parsed === null || this.seen.has(parsed.plate)) parsed = parsePlate(newPlateReading(rng));
    this.seen.add(parsed.plate);
    return this.add(parsed, site, progress, subscriber, rng);
  }

  /**
   * A subscriber whose plate and habits come from another stream (the wash club's). Its plate is not kept
   * in `seen`: a plate this stream drew again would cost it a draw, and every customer after would change.
   */
  adopt(parsed: ParsedPlate, site: number, progress: number, rng: Random): number {
    return this.add(parsed, site, progress, true, rng);
  }

  /** Whether a customer of this stream has the plate. */
  knows(plate: string): boolean {
    return this.seen.has(plate);
  }

  private add(parsed: ParsedPlate, site: number, progress: number, subscriber: boolean, rng: Random): number {
    const id = this.plate.length;
    this.plate.push(parsed.plate);
    this.sidecode.push(parsed.sidecode);
    this.home.push(site);
    this.postcode.push(rng.chance(0.06) ? this.farAway.draw(rng) : this.areas[site].draw(rng));
    const subscription = subscriber ? (rng.chance(0.7) ? 0 : 1) : -1;
    this.subscription.push(subscription);
    this.level.push(
      subscription >= 0
        ? SUBSCRIPTIONS[subscription].programme
        : rng.weighted(cumulative([0.4 - 0.1 * progress, 0.3, 0.2 + 0.05 * progress, 0.1 + 0.05 * progress])),
    );
    this.payment.push(rng.weighted(cumulative([0.62, 0.13 - 0.06 * progress, 0.05, 0.08 + 0.14 * progress])));
    this.extras.push(rng.next() * 0.4);
    return id;
  }

  /** Who arrives at `site`: an existing customer, or a new one (then `isNew` is set). */
  arrival(site: number, progress: number): { id: number; isNew: boolean } {
    const rng = this.rng;
    const draw = rng.weighted(ARRIVAL_SHARE);
    if (draw === 0) return { id: this.welcome(site, progress, STAY_CHANCE), isNew: true };
    const from = rng.chance(AWAY_SHARE) ? rng.int(SITES.length) : site;
    const pool = this.pools[from][draw - 1];
    return { id: pool[rng.int(pool.length)], isNew: false };
  }

  /**
   * A first visit; with the given chances per segment the newcomer stays and replaces a pool member.
   * Voucher customers get better odds: a promotion that brought them is meant to keep them.
   */
  welcome(site: number, progress: number, stayChance: readonly number[]): number {
    const rng = this.rng;
    const roll = rng.next();
    let cumulativeChance = 0;
    for (let segment = 0; segment < SEGMENTS; segment++) {
      cumulativeChance += stayChance[segment];
      if (roll < cumulativeChance) {
        const id = this.create(site, progress, segment === SUBSCRIBER);
        const pool = this.pools[site][segment];
        const slot = rng.int(pool.length);
        if (segment === SUBSCRIBER) this.onSubscriberJoin?.(id, pool[slot], site);
        pool[slot] = id;
        return id;
      }
    }
    return this.create(site, progress);
  }

  /** A postcode from the area around `site`, for customers known only by their postcode. */
  postcodeNear(site: number): string {
    return this.areas[site].draw(this.rng);
  }

  /** Favourite programmes drift over time, mostly upwards: from Glans most of all (catalog.ts). */
  drift(id: number): void {
    if (this.subscription[id] >= 0) return;
    const roll = this.rng.next();
    if (roll < PROGRAMMES[this.level[id]].upgradeChance && this.level[id] < 3) this.level[id]++;
    else if (roll > 0.99 && this.level[id] > 0) this.level[id]--;
  }
}
