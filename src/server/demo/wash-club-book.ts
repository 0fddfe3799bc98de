import type { Day } from "./calendar.ts";
import { SUBSCRIPTIONS } from "./catalog.ts";
import type { Customers } from "./customers.ts";
import type { Random } from "./random.ts";
import { type ClubEvent, memberIdOf } from "./wash-club-events.ts";
import { MEMBER_CANCEL_REASONS, SYSTEM_CANCEL_REASON } from "./wash-club-rules.ts";

// The wash club's members and the day's events about them, as the till system would record them.

const MINUTE_MS = 60_000;

export interface Member {
  customer: number;
  id: string;
  site: number;
  ended: boolean;
  paused: boolean;
  /** A declined payment waits for its retry. */
  declined: boolean;
  /**
   * Out of the pools (someone else took the slot) but still paying: the members who hardly wash any more.
   * Billed by the club on their day of the month (1–28).
   */
  dormantDay: number | null;
  payments: number;
  lastCharge: number;
  /** The last moment the member was seen: a cancel comes after it. */
  lastSeen: number;
  /** Took a slot, not yet placed in time: the member it pushed out, and the slot. */
  joining: { replaced: Member | undefined; slot: number } | null;
}

export class MemberBook {
  readonly members = new Map<number, Member>();
  private events: { event: ClubEvent; member: Member; beforeSeen: boolean }[] = [];
  private firstSeenToday = new Map<Member, number>();

  constructor(
    private readonly customers: Customers,
    private readonly rng: Random,
    /** Customers below this number are the base's, with ids "M…"; the others get `newcomerPrefix`. */
    private readonly baseCustomers: number,
    private readonly newcomerPrefix: string,
  ) {}

  register(customer: number, site: number): Member {
    const prefix = customer < this.baseCustomers ? "M" : this.newcomerPrefix;
    const member: Member = {
      customer,
      id: memberIdOf(prefix, customer),
      site,
      ended: false,
      paused: false,
      declined: false,
      dormantDay: null,
      payments: 0,
      lastCharge: Number.NEGATIVE_INFINITY,
      lastSeen: Number.NEGATIVE_INFINITY,
      joining: null,
    };
    this.members.set(customer, member);
    return member;
  }

  /** The member washed, or a payment was due: changes made online that day come before it. */
  seen(member: Member, at: number): void {
    member.lastSeen = Math.max(member.lastSeen, at);
    this.firstSeenToday.set(member, Math.min(this.firstSeenToday.get(member) ?? at, at));
  }

  /** `beforeSeen`: a change made online, placed before the member's first wash or payment of the day. */
  emit(member: Member, event: Omit<ClubEvent, "memberId">, beforeSeen = false): void {
    // Whole milliseconds, as the API's instants carry them.
    const at = Math.floor(event.at);
    this.events.push({ event: { memberId: member.id, ...event, at }, member, beforeSeen });
    member.lastSeen = Math.max(member.lastSeen, at);
  }

  signup(
    member: Member,
    at: number,
    site: number | null,
    channel?: ClubEvent["channel"],
    voucherCode?: string,
    beforeSeen = false,
  ): void {
    const c = member.customer;
    const plates = [{ plate: this.customers.plate[c], sidecode: this.customers.sidecode[c] }];
    const plan = this.customers.subscription[c];
    this.emit(member, { type: "signup", at, site, plan, plates, channel, voucherCode }, beforeSeen);
  }

  charge(member: Member, at: number): void {
    const amountCents = SUBSCRIPTIONS[this.customers.subscription[member.customer]].priceCents;
    this.emit(member, { type: "charge", at, site: member.site, amountCents });
    member.payments++;
    member.lastCharge = at;
  }

  /** Ends the membership, after anything the member did. */
  end(member: Member, at: number, initiatedBy: "member" | "system"): void {
    const reason = initiatedBy === "system" ? SYSTEM_CANCEL_REASON : this.rng.pick(MEMBER_CANCEL_REASONS);
    const endAt = Math.max(at, member.lastSeen + MINUTE_MS);
    this.emit(member, { type: "cancel", at: endAt, site: null, initiatedBy, reason });
    member.ended = true;
    this.members.delete(member.customer);
  }

  /** The day's events, placed in time and in time order; the book starts a new day. */
  takeDay(day: Day): ClubEvent[] {
    for (const entry of this.events) {
      const first = this.firstSeenToday.get(entry.member);
      if (entry.beforeSeen && first !== undefined && first <= entry.event.at)
        entry.event.at = Math.floor(Math.max(day.startMs, first - (1 + this.rng.int(20)) * MINUTE_MS));
    }
    const events = this.events.map((entry) => entry.event).sort((a, b) => a.at - b.at);
    this.events = [];
    this.firstSeenToday = new Map();
    return events;
  }
}
