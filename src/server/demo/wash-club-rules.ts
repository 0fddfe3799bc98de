import { type ParsedPlate, parsePlate } from "../../shared/plates.ts";
import { SUBSCRIPTIONS } from "./catalog.ts";
import type { Customers } from "./customers.ts";
import type { Catalog } from "./dimensions.ts";
import { canMisread, newPlateReading } from "./plate-gen.ts";
import type { Random } from "./random.ts";
import type { Sale } from "./sales.ts";

// How the wash club's members behave, in numbers. The pool mechanics (customers.ts) bring the signups: a
// newcomer who takes a subscriber's slot (wash-club.ts). These rules add what the pools do not know: payments
// that fail, members who leave early on or after they stopped washing, pauses, other plans and other cars.

/** Share of monthly payments declined. */
const DECLINE_SHARE = 0.025;

/** After a decline: the retry that succeeds, `recoverAfter` days later, or none and a cancel by the system. */
export type DeclineOutcome = { recoverAfter: number } | { cancelAfter: number };

/**
 * The outcome of a member's payment on `date`, or null when it goes through. Drawn from a fork named after
 * the member and the date, so that the live demo, which plans one day at a time, knows the declines of the
 * days before and can send their retries.
 */
export function declineOutcome(decisions: Random, memberId: string, date: string): DeclineOutcome | null {
  const rng = decisions.fork(`${memberId} ${date}`);
  if (!rng.chance(DECLINE_SHARE)) return null;
  const roll = rng.next();
  if (roll < 0.62) return { recoverAfter: 1 + rng.int(13) };
  if (roll < 0.7) return { recoverAfter: 14 };
  if (roll < 0.8) return { recoverAfter: 15 + rng.int(10) };
  // Before the next month's payment is due (at least 28 days on).
  return { cancelAfter: 18 + rng.int(10) };
}

export const DECLINE_REASONS = ["Onvoldoende saldo", "Incasso gestorneerd", "Kaart verlopen"];
export const SYSTEM_CANCEL_REASON = "Betaling na herhaalde pogingen mislukt";
export const MEMBER_CANCEL_REASONS = [
  "Te duur",
  "Wast te weinig",
  "Auto verkocht",
  "Verhuisd",
  "Ontevreden over het resultaat",
];

/** A member's own change in a billing cycle, decided at its payment and done within the cycle. */
export type MemberAction = "cancel" | "pause" | "plan" | "plate";

/**
 * Chance of a cancel beyond the pool's own, by the number of payments made: members who only came to try
 * leave in the first months; later it is mostly the pool's steady turnover.
 */
const EXTRA_CANCEL = [0.03, 0.02, 0.01];
const LATER_CANCEL = 0.002;
const ACTIONS: [MemberAction, number][] = [
  ["pause", 0.012],
  ["plan", 0.01],
  ["plate", 0.005],
];

export function memberAction(rng: Random, payments: number): MemberAction | null {
  let roll = rng.next() - (EXTRA_CANCEL[payments - 1] ?? LATER_CANCEL);
  if (roll < 0) return "cancel";
  for (const [action, chance] of ACTIONS) {
    roll -= chance;
    if (roll < 0) return action;
  }
  return null;
}

/** Share of the members pushed out of the pools who keep paying; the rest cancel. */
export const STAYS_DORMANT = 0.75;
/** Chance a dormant member cancels in the month after a payment: they wash no more, so they go sooner. */
const DORMANT_CANCEL = 0.06;

export const dormantCancels = (rng: Random) => rng.chance(DORMANT_CANCEL);

/** How signups come in when a member is not met at the till: mostly online, then the app, a few at a site. */
export function joinChannel(rng: Random): "site" | "online" | "app" {
  const roll = rng.next();
  return roll < 0.5 ? "online" : roll < 0.85 ? "app" : "site";
}

/**
 * A new plate for a member's slot that the cameras treat as they treated the customer's (a misreading takes
 * as many draws, a foreign plate has the same odds of no read), so that the wash simulation draws the same
 * numbers. `taken`: the club's plates so far; the customer base's own are avoided too.
 */
export function plateLike(
  rng: Random,
  customers: Customers,
  customer: number,
  taken: Set<string>,
): ParsedPlate {
  const foreign = customers.sidecode[customer] === null;
  const confusable = canMisread(customers.plate[customer]);
  for (;;) {
    const parsed = parsePlate(newPlateReading(rng));
    if (!parsed || (parsed.sidecode === null) !== foreign || canMisread(parsed.plate) !== confusable)
      continue;
    if (customers.knows(parsed.plate) || taken.has(parsed.plate)) continue;
    taken.add(parsed.plate);
    return parsed;
  }
}

/** A monthly payment as the billing in washes.ts writes it: online, iDEAL, the plan's price. */
export function subscriptionSale(
  customers: Customers,
  catalog: Catalog,
  customer: number,
  site: number,
  at: number,
): Sale {
  const subscription = SUBSCRIPTIONS[customers.subscription[customer]];
  return {
    siteId: catalog.siteIds[site],
    at,
    plate: customers.plate[customer],
    sidecode: customers.sidecode[customer],
    payment: "ideal",
    channel: "online",
    lines: [
      {
        itemId: catalog.itemIds.get(subscription.code) as number,
        unitPriceCents: subscription.priceCents,
        discountCents: 0,
      },
    ],
    voucherCode: null,
    promotionId: null,
    postcode: customers.postcode[customer],
  };
}
