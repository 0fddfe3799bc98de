import type { Day } from "./calendar.ts";
import { type Customers, SUBSCRIBER } from "./customers.ts";
import type { Catalog } from "./dimensions.ts";
import type { Random } from "./random.ts";
import type { SalesWriter } from "./sales.ts";
import type { Voucher } from "./vouchers.ts";
import { type Member, MemberBook } from "./wash-club-book.ts";
import type { ClubEvent } from "./wash-club-events.ts";
import {
  DECLINE_REASONS,
  type DeclineOutcome,
  declineOutcome,
  dormantCancels,
  joinChannel,
  memberAction,
  plateLike,
  STAYS_DORMANT,
  subscriptionSale,
} from "./wash-club-rules.ts";

// The wash club: the memberships behind the demo's subscribers (REPORT-DEFINITIONS §5). The simulators tell
// the club what happens (a newcomer takes a subscriber's pool slot, a subscriber arrives, a monthly payment
// is due) and the club answers as the till would (a paused member's gate stays shut, a declined payment is
// no sale) and writes the events.
//
// A newcomer who takes a slot signs up. The slot's holder stops washing; most keep paying for a while as
// dormant members, billed by the club, the rest cancel. (The pools turn over about 13 % of their
// subscribers a month, mostly through subscriptions bought online; as cancels that would be three times the
// industry's churn.) Where the club ends a pool member's membership itself, a new member takes the slot with
// a plate the cameras treat alike, so that the wash simulation draws the same numbers as without the club.
// The pools' members at the start sign up at the first day's start, as if imported when the till system
// went live: the chain has no sales before that day, so earlier signups would have months without payments,
// and cohorts that only hold the members who stayed.

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

type ActionKind = "recover" | "expire" | "cancel" | "pause" | "resume" | "plan" | "plate";

export interface WashClubOptions {
  /** The club's own stream. */
  rng: Random;
  /** A seed-level stream whose forks decide payments (wash-club-rules.ts), the same for the live demo. */
  decisions: Random;
  customers: Customers;
  catalog: Catalog;
  sales: SalesWriter;
  days: Day[];
  /** Each day's events, in time order. */
  sink: (events: ClubEvent[]) => void;
  /** When the members in the pools at the start signed up; null: before the period, nothing is sent. */
  importAt: number | null;
  /** Member id prefix of the customers who join during the run (the base's members are "M…"). */
  newcomerPrefix: string;
  /** Members' own changes, done within the month after a payment: only a run of many days has room. */
  memberActions: boolean;
}

export class WashClub {
  private readonly book: MemberBook;
  private readonly actions = new Map<number, { kind: ActionKind; member: Member; at: number }[]>();
  /** Dormant members by the day of the month they pay. */
  private readonly dormant = new Map<number, Set<Member>>();
  private readonly plates = new Set<string>();
  private day: Day;

  constructor(private readonly options: WashClubOptions) {
    const { customers, days, importAt, rng } = options;
    this.day = days[0];
    this.book = new MemberBook(customers, rng, customers.count, options.newcomerPrefix);
    customers.pools.forEach((pools, site) => {
      for (const customer of pools[SUBSCRIBER]) {
        const member = this.book.register(customer, site);
        // Members of long standing: past the months in which new members leave most.
        member.payments = 12;
        if (importAt !== null) this.book.signup(member, importAt, site);
      }
    });
    customers.onSubscriberJoin = (customer, replaced, site) => {
      const slot = customers.pools[site][SUBSCRIBER].indexOf(replaced);
      this.book.register(customer, site).joining = { replaced: this.book.members.get(replaced), slot };
    };
  }

  /** A subscriber at the gate of `site`: a newcomer signs up; a paused member is not let in. */
  admits(customer: number, site: number, at: number, voucher: Voucher | null): boolean {
    const member = this.book.members.get(customer);
    if (!member) return true;
    if (member.joining) {
      // Most sign up at the till as they come in; some did in the app while queueing.
      if (this.options.rng.chance(0.85)) this.join(member, at + 20_000, site, "site", voucher?.code);
      else this.join(member, at - (2 + this.options.rng.int(60)) * MINUTE_MS, null, "app");
    }
    this.book.seen(member, at);
    return !member.paused;
  }

  /** A subscription bought on the website: signup and the first month's payment. */
  boughtOnline(customer: number, at: number): void {
    const member = this.book.members.get(customer);
    if (!member?.joining) return;
    this.join(member, at - 1000, null, "online");
    this.book.seen(member, at);
    this.book.charge(member, at);
  }

  /** A pool member's monthly payment due; true when it goes through (and is a sale). */
  bill(customer: number, at: number): boolean {
    const member = this.book.members.get(customer);
    if (!member) return true;
    this.book.seen(member, at);
    // Paused; a retry pending; or bought online later that day (the simulators run the website first).
    if (member.paused || member.declined || at <= member.lastCharge) return false;
    return this.pay(member, at);
  }

  /** The day's planned changes and the dormant members' payments, before anyone washes or pays. */
  startDay(day: Day): void {
    this.day = day;
    for (const { kind, member, at } of this.actions.get(day.index) ?? []) {
      if (!member.ended) this.act(kind, member, at);
    }
    this.actions.delete(day.index);
    for (const member of this.dormant.get(day.dayOfMonth) ?? []) {
      this.billDormant(member, day.startMs + (3 + this.options.rng.next()) * HOUR_MS);
    }
  }

  private billDormant(member: Member, at: number): void {
    if (member.declined || at >= this.day.endMs) return;
    this.book.seen(member, at);
    if (this.pay(member, at)) this.options.sales.write(this.sale(member, at));
  }

  /** Places the day's events in time and hands them over. */
  endDay(): void {
    for (const member of this.book.members.values()) {
      if (member.joining) this.join(member, this.day.startMs + 12 * HOUR_MS, member.site, "site");
    }
    this.options.sink(this.book.takeDay(this.day));
  }

  /**
   * For a run of one day (the live demo): the pool members' payments on the days before that were declined
   * and come back today, retried or cancelled, as they would have in a longer run.
   */
  replayDeclines(today: Day): void {
    const { days, decisions, customers } = this.options;
    this.day = today;
    for (const pools of customers.pools) {
      pools[SUBSCRIBER].forEach((customer, slot) => {
        const member = this.book.members.get(customer);
        for (let back = 1; member && back <= 27 && back <= today.index; back++) {
          const day = days[today.index - back];
          if (day.dayOfMonth - 1 !== slot % 28) continue;
          const outcome = declineOutcome(decisions, member.id, day.date);
          const after = outcome && ("recoverAfter" in outcome ? outcome.recoverAfter : outcome.cancelAfter);
          if (outcome && after === back)
            this.declined(member, day.startMs + 3 * HOUR_MS, day.index, outcome, false);
        }
      });
    }
  }

  /** A payment: declined, or charged (then perhaps a change of the member's own in the month to come). */
  private pay(member: Member, at: number): boolean {
    const { rng } = this.options;
    const outcome = declineOutcome(this.options.decisions, member.id, this.day.date);
    if (outcome) {
      this.declined(member, at, this.day.index, outcome);
      return false;
    }
    this.book.charge(member, at);
    const action =
      member.dormantDay !== null
        ? dormantCancels(rng) && "cancel"
        : this.options.memberActions && memberAction(rng, member.payments);
    if (action) this.schedule(this.day.index + 1 + rng.int(27), action, member, this.daytime());
    return true;
  }

  /** A newcomer who took a slot signs up; the slot's holder has stopped washing some time before. */
  private join(
    member: Member,
    at: number,
    site: number | null,
    channel: ClubEvent["channel"],
    voucher?: string,
  ) {
    const { rng } = this.options;
    const { replaced, slot } = member.joining ?? { replaced: undefined, slot: -1 };
    member.joining = null;
    if (replaced && !replaced.ended) {
      const left = at - rng.next() * 36 * HOUR_MS;
      if (slot < 0 || replaced.paused || !rng.chance(STAYS_DORMANT)) this.book.end(replaced, left, "member");
      else {
        replaced.dormantDay = (slot % 28) + 1;
        const list = this.dormant.get(replaced.dormantDay) ?? new Set();
        this.dormant.set(replaced.dormantDay, list.add(replaced));
        // Pushed out before the slot's payment of today (a subscription bought online): pays as dormant.
        if (replaced.dormantDay === this.day.dayOfMonth && replaced.lastCharge < this.day.startMs) {
          this.billDormant(replaced, this.day.startMs + (3 + rng.next()) * HOUR_MS);
        }
      }
    }
    this.book.signup(member, at, site, channel, voucher);
  }

  private declined(member: Member, at: number, dayIndex: number, outcome: DeclineOutcome, emit = true): void {
    if (emit) {
      const reason = this.options.rng.pick(DECLINE_REASONS);
      this.book.emit(member, { type: "decline", at, site: member.site, reason });
    }
    member.declined = true;
    // The retries run at the same hour as the payment: a retry on day 14 is 14 days on, to the minute.
    const offset = at - this.options.days[dayIndex].startMs;
    if ("recoverAfter" in outcome) this.schedule(dayIndex + outcome.recoverAfter, "recover", member, offset);
    else this.schedule(dayIndex + outcome.cancelAfter, "expire", member, offset + HOUR_MS);
  }

  /** Plans `kind` for `member` on day `dayIndex`, at `offset` ms after its start. */
  private schedule(dayIndex: number, kind: ActionKind, member: Member, offset: number): void {
    const day = this.options.days[dayIndex];
    if (!day) return;
    const list = this.actions.get(dayIndex) ?? [];
    list.push({ kind, member, at: day.startMs + offset });
    this.actions.set(dayIndex, list);
  }

  /** A moment of the day, as an offset from its start, when members change things online. */
  private daytime(): number {
    return (7 + this.options.rng.next() * 16) * HOUR_MS;
  }

  private act(kind: ActionKind, member: Member, at: number): void {
    const { customers, rng } = this.options;
    const c = member.customer;
    if (kind === "recover" || kind === "expire") {
      if (!member.declined) return;
      member.declined = false;
      if (kind === "expire") this.leave(member, at, "system");
      else {
        this.options.sales.write(this.sale(member, at));
        this.book.charge(member, at);
      }
    } else if (member.declined) {
      // A change waits while a payment is open; it does not come back.
    } else if (kind === "cancel") this.leave(member, at, "member");
    else if (kind === "pause" && !member.paused) {
      member.paused = true;
      this.book.emit(member, { type: "pause", at, site: null }, true);
      const back = this.day.index + 28 * (1 + rng.int(3)) + rng.int(4);
      this.schedule(back, "resume", member, this.daytime());
    } else if (kind === "resume" && member.paused) {
      member.paused = false;
      this.book.emit(member, { type: "resume", at, site: null }, true);
    } else if (kind === "plan") {
      customers.subscription[c] = 1 - customers.subscription[c];
      this.book.emit(member, { type: "plan_change", at, site: null, plan: customers.subscription[c] }, true);
    } else if (kind === "plate") {
      const plate = plateLike(rng, customers, c, this.plates);
      customers.plate[c] = plate.plate;
      customers.sidecode[c] = plate.sidecode;
      this.book.emit(member, { type: "plate_change", at, site: null, plates: [plate] }, true);
    }
  }

  /** A membership ends; a pool member's slot goes to a new member, who signs up that day. */
  private leave(member: Member, at: number, initiatedBy: "member" | "system"): void {
    const { customers, rng, days } = this.options;
    this.book.end(member, at, initiatedBy);
    if (member.dormantDay !== null) this.dormant.get(member.dormantDay)?.delete(member);
    const pool = customers.pools[member.site][SUBSCRIBER];
    const slot = member.dormantDay === null ? pool.indexOf(member.customer) : -1;
    if (slot < 0) return;
    const plate = plateLike(rng, customers, member.customer, this.plates);
    pool[slot] = customers.adopt(plate, member.site, this.day.index / days.length, rng);
    const joiner = this.book.register(pool[slot], member.site);
    const channel = joinChannel(rng);
    const site = channel === "site" ? member.site : null;
    this.book.signup(joiner, this.day.startMs + this.daytime(), site, channel, undefined, true);
  }

  private sale(member: Member, at: number) {
    return subscriptionSale(this.options.customers, this.options.catalog, member.customer, member.site, at);
  }
}
