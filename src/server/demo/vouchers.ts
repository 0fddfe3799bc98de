import type { TableWriter } from "./bulk.ts";
import type { Day } from "./calendar.ts";
import type { Catalog } from "./dimensions.ts";
import type { Random } from "./random.ts";

// Voucher codes: issued on a website claim (ad and newsletter campaigns) or printed in bulk (flyers),
// some redeemed at a site days later. Redemptions are scheduled per day for the wash simulation to pick up.

export type Promotion = Catalog["promotions"][number];

export interface Voucher {
  id: number;
  code: string;
  promotion: Promotion;
  affiliateId: number | null;
  issuedAt: number;
  claimedAt: number | null;
  redeemedAt: number | null;
  transactionId: number | null;
  /** Where the redeeming customer will wash. */
  site: number;
}

/**
 * How loyal the newcomers a promotion brings are: per pool segment the chance a newcomer stays (as in
 * customers.ts; how many redeemers are newcomers is the promotion's newcomerShare, marketing.ts). The Google
 * first-wash discount brings people who come back; Scoupy's free wash brings deal hunters who hardly do.
 */
const STAY_CHANCES: Record<string, readonly number[]> = {
  "google-eerste-wasbeurt": [0.4, 0.2, 0.06, 0.02],
  "scoupy-gratis-wasbeurt": [0.02, 0, 0, 0],
};
const USUAL_STAY = [0.3, 0.12, 0.03, 0.01] as const;

export const stayChanceOf = (promotion: Promotion) => STAY_CHANCES[promotion.code] ?? USUAL_STAY;

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export class VoucherBook {
  readonly all: Voucher[] = [];
  private readonly due = new Map<number, Voucher[]>();
  private readonly printed = new Map<number, Voucher[]>();

  constructor(
    private readonly rng: Random,
    private readonly days: Day[],
  ) {}

  issue(
    promotion: Promotion,
    affiliateId: number | null,
    at: number,
    claimed: boolean,
    site: number,
  ): Voucher {
    const rng = this.rng;
    let code = promotion.channel === "flyer" ? "FL" : promotion.channel.slice(0, 2).toUpperCase();
    code += "-";
    for (let i = 0; i < 4; i++) code += CODE_ALPHABET[rng.int(CODE_ALPHABET.length)];
    // The running number keeps codes unique; the random part keeps them unguessable-looking.
    code += `-${this.all.length.toString(36).toUpperCase()}`;
    const voucher: Voucher = {
      id: this.all.length + 1,
      code,
      promotion,
      affiliateId,
      issuedAt: at,
      claimedAt: claimed ? at : null,
      redeemedAt: null,
      transactionId: null,
      site,
    };
    this.all.push(voucher);
    return voucher;
  }

  /** Plans the redemption `afterDays` after `fromDay`, unless that lies beyond the promotion or the period. */
  schedule(voucher: Voucher, fromDay: number, afterDays: number): void {
    const dayIndex = fromDay + Math.max(1, Math.round(afterDays));
    const day = this.days[dayIndex];
    if (!day || (voucher.promotion.validTo !== null && day.date > voucher.promotion.validTo)) return;
    const list = this.due.get(dayIndex) ?? [];
    list.push(voucher);
    this.due.set(dayIndex, list);
  }

  dueOn(dayIndex: number): Voucher[] {
    const list = this.due.get(dayIndex) ?? [];
    this.due.delete(dayIndex);
    return list;
  }

  /** Prints a flyer run on the promotion's first day; a few percent come back to a till. */
  printFlyers(promotion: Promotion, dayIndex: number, count: number, sites: number): void {
    const run: Voucher[] = [];
    const at = this.days[dayIndex].startMs + 6 * 3_600_000;
    const lastDay = promotion.validTo
      ? this.days.findIndex((day) => day.date > (promotion.validTo as string))
      : -1;
    const span = (lastDay < 0 ? this.days.length : lastDay) - dayIndex;
    for (let i = 0; i < count; i++) {
      const voucher = this.issue(promotion, null, at, false, this.rng.int(sites));
      run.push(voucher);
      if (this.rng.chance(0.07)) this.schedule(voucher, dayIndex, this.rng.next() * span);
    }
    this.printed.set(promotion.id, run);
  }

  /** A flyer's QR code scanned on the website: marks one printed voucher as claimed. */
  claimPrinted(promotion: Promotion, at: number): Voucher | null {
    const run = this.printed.get(promotion.id);
    if (!run || run.length === 0) return null;
    const voucher = run[this.rng.int(run.length)];
    if (voucher.claimedAt === null && voucher.redeemedAt === null)
      voucher.claimedAt = Math.max(at, voucher.issuedAt);
    return voucher;
  }

  write(writer: TableWriter): void {
    for (const v of this.all) {
      writer.add(
        v.id,
        v.code,
        v.promotion.id,
        v.promotion.channel,
        v.affiliateId,
        v.issuedAt,
        v.claimedAt,
        v.redeemedAt,
        v.transactionId,
      );
    }
  }
}
