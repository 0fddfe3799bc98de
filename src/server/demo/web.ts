import type { AdUnit } from "./ads.ts";
import type { TableWriter } from "./bulk.ts";
import type { Day } from "./calendar.ts";
import { PROGRAMMES, SITES, SUBSCRIPTIONS } from "./catalog.ts";
import type { Customers } from "./customers.ts";
import type { Catalog } from "./dimensions.ts";
import { cumulative, type Random } from "./random.ts";
import type { SalesWriter } from "./sales.ts";
import type { Promotion, VoucherBook } from "./vouchers.ts";
import type { WashClub } from "./wash-club.ts";
import {
  adSource,
  BOUNCE,
  HOSTNAME,
  NAV_PAGES,
  NAV_WEIGHTS,
  organicSource,
  type Source,
  voucherSource,
} from "./web-sources.ts";

// Website visits: sessions with their pageviews and events (experiment exposures, voucher claims, online
// purchases). A purchase is also a sale (online, paid with iDEAL): a wash bought online, or a subscription
// whose new subscriber then turns up at the sites.

const WEB_WEEKDAY = [1.05, 1, 1, 1, 0.95, 0.9, 1.1];
const WEB_HOURS = cumulative([
  1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 2, 3, 3.5, 4, 4.2, 4.5, 4.2, 4, 4, 4.2, 4.5, 5, 5.5, 5.5, 4.5, 3, 2,
]);
const DEVICES = ["mobile", "desktop", "tablet"];
const DEVICE_WEIGHTS = cumulative([62, 32, 6]);
const SITE_WEIGHTS = cumulative(SITES.map((site) => site.size));
const ONLINE_LEVELS = cumulative([0.2, 0.35, 0.3, 0.15]);
const HOUR_MS = 3_600_000;
/**
 * Landing pages that work and one that does not: multipliers of the conversion and bounce chances. The
 * subscriptions page converts; the pollen blog post draws readers who leave at once.
 */
const LANDING_EFFECT: Record<string, { conversion: number; bounce: number }> = {
  "/abonnementen": { conversion: 2.5, bounce: 0.55 },
  "/blog/stuifmeel-van-je-auto": { conversion: 0.15, bounce: 1.75 },
};
const NO_EFFECT = { conversion: 1, bounce: 1 };

export interface WebWriters {
  sessions: TableWriter;
  pageviews: TableWriter;
  events: TableWriter;
}

export class WebSimulator {
  /** Told of subscriptions bought online: the wash club's signup and first charge. */
  club: WashClub | null = null;
  private sessionId = 0;
  private readonly promotions: Map<string, Promotion>;

  constructor(
    private readonly rng: Random,
    private readonly scale: number,
    private readonly catalog: Catalog,
    private readonly customers: Customers,
    private readonly sales: SalesWriter,
    private readonly vouchers: VoucherBook,
    private readonly writers: WebWriters,
  ) {
    this.promotions = new Map(catalog.promotions.map((promotion) => [promotion.code, promotion]));
  }

  get lastSessionId(): number {
    return this.sessionId;
  }

  simulateDay(day: Day, units: AdUnit[], interest: number, progress: number): void {
    const rng = this.rng;
    const sources: Source[] = [];
    for (const unit of units) {
      const visits = Math.min(unit.clicks, rng.poisson(unit.clicks * 0.88));
      for (let i = 0; i < visits; i++) sources.push(adSource(unit, rng));
    }
    const volume = this.scale * interest * WEB_WEEKDAY[day.weekday];
    const organic = [
      ["search", 170],
      ["direct", 90],
      ["social", 25],
      ["referral", 20],
    ] as const;
    for (const [kind, perDay] of organic) {
      const visits = rng.poisson(perDay * volume);
      for (let i = 0; i < visits; i++) sources.push(organicSource(kind, rng));
    }
    for (const promotion of this.catalog.promotions) {
      const active =
        promotion.validFrom <= day.date && (promotion.validTo === null || day.date <= promotion.validTo);
      if (!active || (promotion.channel !== "newsletter" && promotion.channel !== "flyer")) continue;
      const visits = rng.poisson((promotion.channel === "newsletter" ? 35 : 12) * volume);
      for (let i = 0; i < visits; i++) sources.push(voucherSource(promotion.channel, promotion.code));
    }
    const starts = sources.map(() => day.startMs + (rng.weighted(WEB_HOURS) + rng.next()) * HOUR_MS);
    const order = starts.map((_, i) => i).sort((a, b) => starts[a] - starts[b]);
    for (const i of order) {
      if (starts[i] < day.endMs) this.session(day, sources[i], starts[i], progress);
    }
  }

  private session(day: Day, source: Source, start: number, progress: number): void {
    const rng = this.rng;
    const id = ++this.sessionId;
    const visitor = rng.hex(16);
    const willClaim = rng.chance(source.claimRate);
    const paths = [source.landing];
    const effect = LANDING_EFFECT[source.landing] ?? NO_EFFECT;
    if (willClaim || !rng.chance(Math.min(0.95, BOUNCE[source.channel] * effect.bounce))) {
      const more = willClaim && rng.chance(0.5) ? 0 : 1 + Math.min(10, Math.floor(rng.exponential(2)));
      for (let i = 0; i < more; i++) paths.push(NAV_PAGES[rng.weighted(NAV_WEIGHTS)]);
    }
    // Exposure happens on the experiment's page; a variant with an effect lifts the purchase chance.
    const exposures: { page: number; key: string; variant: string }[] = [];
    let lift = 1;
    for (const experiment of this.catalog.experiments) {
      const running =
        day.index >= experiment.startDay && (experiment.stopDay === null || day.index <= experiment.stopDay);
      const page = paths.indexOf(experiment.page);
      if (!running || page < 0) continue;
      const variant = parseInt(visitor.slice(-2), 16) / 256 < experiment.variantShare ? 1 : 0;
      exposures.push({ page, key: experiment.key, variant: experiment.variants[variant] });
      if (variant === 1) lift *= experiment.effect;
    }
    const converts = rng.chance(
      source.conversionRate * lift * effect.conversion * (paths.length > 1 ? 1.6 : 0.4),
    );
    if (converts) paths.push("/bestellen", "/bestellen/bedankt");

    let at = start;
    const times: number[] = [];
    paths.forEach((path, i) => {
      if (i > 0) at += (5 + rng.exponential(45)) * 1000;
      times.push(at);
      const last = i === paths.length - 1;
      const engaged = last
        ? rng.chance(0.7)
          ? Math.round(rng.exponential(30))
          : null
        : Math.round((times[i] - (times[i - 1] ?? times[i])) / 1000);
      this.writers.pageviews.add(id, visitor, at, path, engaged);
    });
    for (const exposure of exposures) {
      this.event(
        id,
        visitor,
        times[exposure.page] + 500,
        "experiment",
        paths[exposure.page],
        null,
        null,
        exposure.key,
        exposure.variant,
      );
    }
    let interactive = 0;
    if (willClaim && source.promotionCode) {
      const code = this.claim(day, source, times[0] + (20 + rng.int(40)) * 1000);
      if (code) {
        this.event(id, visitor, times[0] + 20_000, "voucher", source.landing, null, code, null, null);
        interactive++;
      }
    }
    if (converts) {
      const revenue = this.purchase(times[times.length - 1], progress);
      this.event(
        id,
        visitor,
        times[times.length - 1] + 1000,
        "conversion",
        "/bestellen/bedankt",
        revenue,
        null,
        null,
        null,
      );
      if (source.unit) {
        source.unit.conversions++;
        source.unit.revenueCents += revenue;
      }
      interactive++;
    }
    const bounce = paths.length === 1 && interactive === 0;
    const end = times[times.length - 1];
    const referrerHost = source.referrer ? new URL(source.referrer).hostname : null;
    this.writers.sessions.add(
      id,
      visitor,
      HOSTNAME,
      start,
      end,
      source.landing,
      paths[paths.length - 1],
      paths.length,
      interactive,
      bounce ? 0 : Math.round((end - start) / 1000),
      bounce,
      source.referrer,
      referrerHost,
      source.utmSource,
      source.utmMedium,
      source.utmCampaign,
      source.utmContent,
      source.utmTerm,
      source.gclid,
      source.fbclid,
      source.channel,
      DEVICES[rng.weighted(DEVICE_WEIGHTS)],
    );
  }

  private event(
    session: number,
    visitor: string,
    at: number,
    kind: string,
    path: string,
    revenue: number | null,
    voucher: string | null,
    experiment: string | null,
    variant: string | null,
  ): void {
    this.writers.events.add(session, visitor, at, kind, path, revenue, voucher, experiment, variant);
  }

  /** A voucher claimed on the landing page; it may come back to a till within a few weeks. */
  private claim(day: Day, source: Source, at: number): string | null {
    const promotion = this.promotions.get(source.promotionCode as string);
    if (!promotion) return null;
    if (promotion.channel === "flyer") return this.vouchers.claimPrinted(promotion, at)?.code ?? null;
    const affiliateId = promotion.affiliate
      ? (this.catalog.affiliateIds.get(promotion.affiliate) ?? null)
      : null;
    const voucher = this.vouchers.issue(promotion, affiliateId, at, true, this.rng.weighted(SITE_WEIGHTS));
    if (source.unit) source.unit.claims++;
    if (this.rng.chance(0.42)) this.vouchers.schedule(voucher, day.index, this.rng.exponential(7));
    return voucher.code;
  }

  /** An online purchase: mostly a single wash at 10 % off, sometimes a subscription. Returns the revenue. */
  private purchase(at: number, progress: number): number {
    const rng = this.rng;
    const site = rng.weighted(SITE_WEIGHTS);
    const siteId = this.catalog.siteIds[site];
    if (rng.chance(0.25)) {
      const customer = this.customers.welcome(site, progress, [0, 0, 0, 1]);
      this.club?.boughtOnline(customer, at);
      const subscription = SUBSCRIPTIONS[this.customers.subscription[customer]];
      this.sales.write({
        siteId,
        at,
        plate: this.customers.plate[customer],
        sidecode: this.customers.sidecode[customer],
        payment: "ideal",
        channel: "online",
        voucherCode: null,
        promotionId: null,
        postcode: this.customers.postcode[customer],
        lines: [
          {
            itemId: this.catalog.itemIds.get(subscription.code) as number,
            unitPriceCents: subscription.priceCents,
            discountCents: 0,
          },
        ],
      });
      return subscription.priceCents;
    }
    const programme = PROGRAMMES[rng.weighted(ONLINE_LEVELS)];
    const discount = Math.round(programme.priceCents / 10);
    this.sales.write({
      siteId,
      at,
      plate: null,
      sidecode: null,
      payment: "ideal",
      channel: "online",
      voucherCode: null,
      promotionId: null,
      postcode: this.customers.postcodeNear(site),
      lines: [
        {
          itemId: this.catalog.itemIds.get(programme.code) as number,
          unitPriceCents: programme.priceCents,
          discountCents: discount,
        },
      ],
    });
    return programme.priceCents - discount;
  }
}
