import { parsePlate } from "../../shared/plates.ts";
import type { TableWriter } from "./bulk.ts";
import { type Day, hourWeights, openingHours, WEEKDAY_FACTOR } from "./calendar.ts";
import { EXTRAS, PROGRAMMES, SITES, SUBSCRIPTIONS } from "./catalog.ts";
import { Customers, PAYMENT_METHODS, SUBSCRIBER } from "./customers.ts";
import type { Catalog } from "./dimensions.ts";
import { misread } from "./plate-gen.ts";
import { cumulative, type Random } from "./random.ts";
import type { Sale, SaleLine, SalesWriter } from "./sales.ts";
import { stayChanceOf, type Voucher, type VoucherBook } from "./vouchers.ts";
import type { WashClub } from "./wash-club.ts";
import type { Weather } from "./weather.ts";

// Cars arriving at the sites: an entrance-camera reading for each (sometimes two, sometimes nothing
// readable), and for almost all of them a sale. One camera (Zeist, lane 1) slowly fouls up for a few weeks
// about five months before today, until it is replaced.

/** Washes per site per day at scale 1, before weekday, season and weather. */
export const BASE_WASHES = 530;
const HOUR_MS = 3_600_000;
const DEGRADING = { site: 2, lane: 1, daysBeforeEnd: 150, length: 24 };

interface Reading {
  plate: string;
  sidecode: number | null;
}

interface Arrival {
  at: number;
  site: number;
  voucher: Voucher | null;
}

export class WashSimulator {
  readonly customers: Customers;
  /** The memberships behind the subscribers: who may wash, whose monthly payment goes through. */
  club: WashClub | null = null;
  private readonly itemId: (code: string) => number;
  private readCount = 0;

  constructor(
    private readonly rng: Random,
    private readonly scale: number,
    private readonly days: Day[],
    private readonly weather: Weather[],
    private readonly catalog: Catalog,
    private readonly sales: SalesWriter,
    private readonly vouchers: VoucherBook,
    private readonly reads: TableWriter,
  ) {
    this.customers = new Customers(rng.fork("customers"), BASE_WASHES * scale);
    this.itemId = (code) => catalog.itemIds.get(code) as number;
  }

  simulateDay(day: Day): void {
    const rng = this.rng;
    const progress = day.index / this.days.length;
    this.billSubscriptions(day);
    const hours = hourWeights(day);
    const open = openingHours(day);
    if (!open) return;
    const hourCumulative = cumulative(hours);
    const trend = 1 + 0.05 * (day.index / 365);
    const arrivals: Arrival[] = [];
    const arriveAt = () => day.startMs + (open[0] + rng.weighted(hourCumulative) + rng.next()) * HOUR_MS;
    SITES.forEach((site, s) => {
      const noise = Math.exp(0.08 * rng.normal());
      const mean =
        BASE_WASHES * this.scale * site.size * WEEKDAY_FACTOR[day.weekday] * this.weather[day.index].demand;
      const count = rng.poisson(mean * trend * noise);
      for (let i = 0; i < count; i++) arrivals.push({ at: arriveAt(), site: s, voucher: null });
    });
    for (const voucher of this.vouchers.dueOn(day.index)) {
      arrivals.push({ at: arriveAt(), site: voucher.site, voucher });
    }
    arrivals.sort((a, b) => a.at - b.at);
    for (const arrival of arrivals) {
      if (arrival.at < day.endMs) this.arrive(day, arrival, progress);
    }
  }

  private arrive(day: Day, arrival: Arrival, progress: number): void {
    const rng = this.rng;
    const customers = this.customers;
    const { site, voucher } = arrival;
    let id: number;
    if (voucher && rng.chance(voucher.promotion.newcomerShare))
      id = customers.welcome(site, progress, stayChanceOf(voucher.promotion));
    else id = customers.arrival(site, progress).id;
    customers.drift(id);

    const siteDef = SITES[site];
    const lane = rng.int(siteDef.lanes) + 1;
    const read = this.read(day, site, lane, customers.plate[id], customers.sidecode[id], arrival.at);
    if (rng.chance(0.03))
      this.read(
        day,
        site,
        lane,
        customers.plate[id],
        customers.sidecode[id],
        arrival.at + (3 + rng.int(12)) * 1000,
      );

    const subscriber = customers.subscription[id] >= 0;
    const admitted = !subscriber || (this.club?.admits(id, site, arrival.at, voucher) ?? true);
    if (!voucher && rng.chance(subscriber ? 0.01 : 0.045)) return; // turned around, or a staff car
    const payment = subscriber
      ? "abonnement"
      : rng.chance(0.85)
        ? PAYMENT_METHODS[customers.payment[id]]
        : PAYMENT_METHODS[rng.int(PAYMENT_METHODS.length)];
    const known = subscriber || payment === "app" || voucher?.claimedAt != null;
    const sale: Sale = {
      siteId: this.catalog.siteIds[site],
      at: arrival.at + (60 + rng.int(140)) * 1000,
      // The till gets the plate from the camera; app and subscription customers are known by their account.
      plate: read ? read.plate : known ? customers.plate[id] : null,
      sidecode: read ? read.sidecode : known ? customers.sidecode[id] : null,
      payment,
      channel: "site",
      lines: this.lines(day, id, subscriber),
      voucherCode: null,
      promotionId: null,
      postcode: known ? customers.postcode[id] : null,
    };
    if (voucher) this.applyVoucher(sale, voucher);
    // A paused membership: the gate stays shut (after the sale's draws, so that the next ones stay the same).
    if (!admitted) return;
    const transactionId = this.sales.write(sale);
    if (voucher) {
      voucher.redeemedAt = sale.at;
      voucher.transactionId = transactionId;
    }
  }

  /** Writes a camera reading and returns the plate as stored (null for a no-read). */
  private read(
    day: Day,
    site: number,
    lane: number,
    plate: string,
    sidecode: number | null,
    at: number,
  ): Reading | null {
    const rng = this.rng;
    const since = day.index - (this.days.length - DEGRADING.daysBeforeEnd);
    const fouling =
      site === DEGRADING.site && lane === DEGRADING.lane && since >= 0 && since < DEGRADING.length;
    const severity = fouling ? Math.min(1, since / (DEGRADING.length * 0.75)) : 0;
    const foreign = sidecode === null ? 0.05 : 0;
    this.readCount++;
    const eventId = `r${this.readCount.toString(36)}`;
    const camera = `${SITES[site].code}-cam-${lane}`;
    const siteId = this.catalog.siteIds[site];
    if (rng.chance(0.015 + foreign + 0.22 * severity)) {
      this.reads.add(siteId, eventId, at, lane, camera, null, null, null, rng.between(0.05, 0.4), "in");
      return null;
    }
    let confidence = 0.93 - 0.2 * severity - foreign * 2 + 0.035 * rng.normal();
    let stored = plate;
    let storedSidecode = sidecode;
    let raw: string | null = null;
    if (rng.chance(0.012 + 0.09 * severity)) {
      const reading = misread(rng, plate);
      const parsed = parsePlate(reading);
      stored = parsed?.plate ?? reading;
      storedSidecode = parsed?.sidecode ?? null;
      raw = parsed?.corrected ? reading : null;
      confidence -= 0.15;
    }
    confidence = Math.min(0.999, Math.max(0.3, confidence));
    this.reads.add(
      siteId,
      eventId,
      at,
      lane,
      camera,
      stored,
      storedSidecode,
      raw,
      Math.round(confidence * 1000) / 1000,
      "in",
    );
    return { plate: stored, sidecode: storedSidecode };
  }

  private lines(day: Day, id: number, subscriber: boolean): SaleLine[] {
    const rng = this.rng;
    const customers = this.customers;
    if (subscriber) {
      const programme = PROGRAMMES[SUBSCRIPTIONS[customers.subscription[id]].programme];
      return [{ itemId: this.itemId(programme.code), unitPriceCents: 0, discountCents: 0 }];
    }
    let level = customers.level[id];
    if (rng.chance(0.15)) level = Math.max(0, Math.min(3, level + (rng.chance(0.5) ? 1 : -1)));
    const lines: SaleLine[] = [
      {
        itemId: this.itemId(PROGRAMMES[level].code),
        unitPriceCents: PROGRAMMES[level].priceCents,
        discountCents: 0,
      },
    ];
    const winter = day.month === 12 || day.month <= 2;
    const summer = day.month >= 6 && day.month <= 8;
    const affinity = customers.extras[id] + 0.03 * level;
    const chances = [
      0.1 + affinity,
      0.06 + affinity / 2 + (winter ? 0.25 : 0),
      0.04 + affinity / 2,
      summer ? 0.12 : 0.01,
      0.1,
    ];
    EXTRAS.forEach((extra, i) => {
      if (rng.chance(chances[i]))
        lines.push({ itemId: this.itemId(extra.code), unitPriceCents: extra.priceCents, discountCents: 0 });
    });
    return lines;
  }

  /** The voucher's promotion as a till applies it: the discount on the lines it covers. */
  private applyVoucher(sale: Sale, voucher: Voucher): void {
    const promotion = voucher.promotion;
    sale.voucherCode = voucher.code;
    sale.promotionId = promotion.id;
    const programme = sale.lines[0];
    if (promotion.kind === "gratis-upgrade") {
      const level = PROGRAMMES.findIndex((p) => this.itemId(p.code) === programme.itemId);
      if (level >= 0 && level < 3) {
        programme.itemId = this.itemId(PROGRAMMES[level + 1].code);
        programme.unitPriceCents = PROGRAMMES[level + 1].priceCents;
        programme.discountCents = PROGRAMMES[level + 1].priceCents - PROGRAMMES[level].priceCents;
      }
    } else if (promotion.items.includes("onderbodem")) {
      const extra = EXTRAS[1];
      const line = sale.lines.find((l) => l.itemId === this.itemId(extra.code)) ?? {
        itemId: this.itemId(extra.code),
        unitPriceCents: extra.priceCents,
        discountCents: 0,
      };
      if (!sale.lines.includes(line)) sale.lines.push(line);
      line.discountCents = Math.min(line.unitPriceCents, promotion.value);
    } else {
      const off =
        promotion.kind === "percentage"
          ? Math.round((programme.unitPriceCents * promotion.value) / 100)
          : promotion.value;
      programme.discountCents = Math.min(programme.unitPriceCents, off);
    }
    const total = sale.lines.reduce((sum, line) => sum + line.unitPriceCents - line.discountCents, 0);
    if (total === 0) sale.payment = "voucher";
  }

  /** Subscribers pay monthly, online, on the day of the month their pool slot stands for. */
  private billSubscriptions(day: Day): void {
    if (day.dayOfMonth > 28) return;
    const customers = this.customers;
    SITES.forEach((_, s) => {
      const pool = customers.pools[s][SUBSCRIBER];
      for (let slot = day.dayOfMonth - 1; slot < pool.length; slot += 28) {
        const id = pool[slot];
        const subscription = SUBSCRIPTIONS[customers.subscription[id]];
        const at = day.startMs + (3 + this.rng.next()) * HOUR_MS;
        if (at >= day.endMs) continue;
        if (this.club && !this.club.bill(id, at)) continue; // paused, or the payment was declined
        this.sales.write({
          siteId: this.catalog.siteIds[s],
          at,
          plate: customers.plate[id],
          sidecode: customers.sidecode[id],
          payment: "ideal",
          channel: "online",
          lines: [
            {
              itemId: this.itemId(subscription.code),
              unitPriceCents: subscription.priceCents,
              discountCents: 0,
            },
          ],
          voucherCode: null,
          promotionId: null,
          postcode: customers.postcode[id],
        });
      }
    });
  }
}
