import type { PlateReadRow, TransactionRow } from "../../shared/ingest.ts";
import type { MembershipEvent } from "../../shared/membership-events.ts";
import type { Database } from "../db/database.ts";
import { Random } from "../demo/random.ts";
import { storeMembershipEvents } from "../ingest/memberships.ts";
import { storePlateReads } from "../ingest/plate-reads.ts";
import { storeTransactions } from "../ingest/transactions.ts";

// Small random chains for the property test of the derived tables (tests/support/rebuild-property.ts): two
// or three sites, a dozen plates, reads and sales clustered around both clock changes of 2026, a few
// memberships of those plates (signed up, charged, declined, paused, cancelled, their car changed), written
// through the ingestion functions the API uses, in batches that arrive late, out of order and sometimes
// twice.

export const CHAIN_SITES = ["a", "b", "c"] as const;

const ITEMS = [
  { code: "basis", kind: "programma", priceCents: 1210 },
  { code: "premium", kind: "programma", priceCents: 1815 },
  { code: "wax", kind: "extra", priceCents: 484 },
  { code: "abo", kind: "abonnement", priceCents: 2420 },
] as const;

/** Stretches of UTC time facts fall in, with their weights: both clock changes, the weeks before now, the year. */
const STRETCHES: [from: string, to: string, weight: number][] = [
  ["2026-03-28T18:00:00Z", "2026-03-29T20:00:00Z", 3], // spring change, 01:00 UTC on 29 March
  ["2026-10-24T18:00:00Z", "2026-10-25T20:00:00Z", 4], // autumn change, 01:00 UTC on 25 October
  ["2026-10-05T06:00:00Z", "2026-11-02T09:00:00Z", 4], // the three weeks around it, up to now
  ["2026-01-01T06:00:00Z", "2026-11-02T09:00:00Z", 1], // the rest of the year
  ["2025-10-20T06:00:00Z", "2025-11-03T18:00:00Z", 1], // a year earlier, for "Vorig jaar"
];

export type Fact =
  | { kind: "read"; row: PlateReadRow }
  | { kind: "sale"; row: TransactionRow }
  | { kind: "member"; row: MembershipEvent };

export interface Chain {
  sites: readonly string[];
  facts: Fact[];
  /** The facts in the order they reach the server, in batches; a retried batch appears twice. */
  batches: Fact[][];
  /** A plate erased through Instellingen › Privacy after its last fact arrived, or null. */
  erased: string | null;
}

export function randomChain(seed: number): Chain {
  const random = new Random(seed);
  const sites = CHAIN_SITES.slice(0, random.chance(0.5) ? 2 : 3);
  const letters = "BDFGHJKLNPRSTXZ";
  const plates = Array.from(
    { length: 6 + random.int(10) },
    () =>
      `${random.pick([...letters])}${random.pick([...letters])}${10 + random.int(90)}${random.pick([...letters])}${random.pick([...letters])}`,
  );
  const instant = () => {
    const [from, to] = STRETCHES[random.weighted(cumulative(STRETCHES.map(([, , weight]) => weight)))];
    const start = Date.parse(from);
    return start + Math.floor(random.next() * (Date.parse(to) - start));
  };
  const facts: Fact[] = [];
  for (let visit = 0; visit < 40 + random.int(60); visit++) {
    const site = random.pick(sites);
    const plate = random.chance(0.9) ? random.pick(plates) : null; // a no-read now and then
    let at = instant();
    // a car in the queue is read again within minutes; sometimes it comes back within the hour
    for (let read = 0; read < 1 + random.int(3); read++) {
      facts.push({ kind: "read", row: plateRead(facts.length, site, at, plate, random) });
      at += random.int(50) * 60_000;
    }
    if (random.chance(0.75)) facts.push({ kind: "sale", row: sale(facts.length, site, at, plate, random) });
  }
  for (let member = 0; member < random.int(6); member++)
    facts.push(...membership(member, instant(), sites, plates, random));
  // Mostly in time order, as cameras and tills send, in batches; one fact in five is held back (a camera or
  // till offline for a while) and arrives later in a backlog batch of its own, after newer facts were taken in.
  const inTime = [...facts].sort((a, b) => timeOf(a) - timeOf(b));
  const late = new Set(inTime.filter(() => random.chance(0.2)));
  const batches: Fact[][] = [];
  const onTime = inTime.filter((fact) => !late.has(fact));
  while (onTime.length > 0) batches.push(onTime.splice(0, 1 + random.int(8)));
  const backlog = inTime.filter((fact) => late.has(fact));
  while (backlog.length > 0) {
    const batch = backlog.splice(0, 1 + random.int(5));
    const due = batches.findIndex(
      (other) => timeOf(other[other.length - 1]) > timeOf(batch[batch.length - 1]),
    );
    const from = due === -1 ? batches.length : due + 1;
    batches.splice(from + random.int(batches.length - from + 1), 0, batch);
  }
  for (let i = batches.length - 1; i >= 0; i--) {
    if (random.chance(0.15)) batches.splice(i + 1, 0, batches[i]); // a retry after a lost answer
  }
  return { sites, facts, batches, erased: random.chance(0.4) ? random.pick(plates) : null };
}

const timeOf = (fact: Fact) =>
  Date.parse(
    fact.kind === "read" ? fact.row.readAt : fact.kind === "sale" ? fact.row.occurredAt : fact.row.at,
  );

const LATER_TYPES = ["charge", "charge", "decline", "pause", "resume", "plate_change", "cancel"] as const;

/** A membership of one of the plates: its signup at `at`, then a few events days to weeks apart. */
function membership(
  n: number,
  at: number,
  sites: readonly string[],
  plates: string[],
  random: Random,
): Fact[] {
  const memberId = `M${n}`;
  const event = (k: number, type: MembershipEvent["type"], time: number): MembershipEvent => ({
    eventId: `m${n}-${k}`,
    memberId,
    type,
    at: new Date(time).toISOString(),
    site: random.chance(0.3) ? null : random.pick([...sites]),
  });
  const events: MembershipEvent[] = [
    { ...event(0, "signup", at), plan: "abo", plates: [random.pick(plates)], channel: "site" },
  ];
  let time = at;
  for (let k = 1; k <= random.int(6); k++) {
    time += (1 + random.int(40)) * 86_400_000 + random.int(86_400_000);
    const type = random.pick([...LATER_TYPES]);
    const base = event(k, type, time);
    if (type === "charge") events.push({ ...base, amountCents: 2420 });
    else if (type === "plate_change") events.push({ ...base, plates: [random.pick(plates)] });
    else if (type === "cancel")
      events.push({ ...base, initiatedBy: random.pick(["member", "system"] as const) });
    else events.push(base);
  }
  return events.map((row) => ({ kind: "member", row }));
}

function cumulative(weights: number[]): number[] {
  let sum = 0;
  return weights.map((weight) => (sum += weight));
}

function plateRead(n: number, site: string, at: number, plate: string | null, random: Random): PlateReadRow {
  return {
    eventId: `r${n}`,
    site,
    readAt: new Date(at).toISOString(),
    lane: 1 + random.int(2),
    camera: `${site}-${1 + random.int(2)}`,
    plate,
    confidence: plate === null ? null : Math.round((0.5 + random.next() / 2) * 100) / 100,
    direction: "in",
  };
}

function sale(n: number, site: string, at: number, plate: string | null, random: Random): TransactionRow {
  const subscription = random.chance(0.15);
  const programme = subscription ? ITEMS[3] : random.pick([ITEMS[0], ITEMS[1]]);
  const lines: TransactionRow["lines"] = [
    { item: programme.code, quantity: 1, unitPriceCents: subscription ? 0 : programme.priceCents },
  ];
  if (!subscription && random.chance(0.3)) lines.push({ item: "wax", quantity: 1, unitPriceCents: 484 });
  const total = lines.reduce((sum, line) => sum + line.unitPriceCents, 0);
  return {
    eventId: `t${n}`,
    site,
    occurredAt: new Date(at + random.int(6) * 60_000).toISOString(),
    plate,
    paymentMethod: subscription ? "abonnement" : random.pick(["pin", "contant", "creditcard"] as const),
    salesChannel: "site",
    lines,
    discountCents: 0,
    totalCents: total,
    voucherCode: null,
    promotion: null,
    customerPostcode: random.chance(0.5) ? random.pick(["3511", "3701", "3991", "1012"]) : null,
  };
}

/** The chain's sites and items, as Instellingen would hold them. */
export async function loadChainDimensions(db: Database, sites: readonly string[]): Promise<void> {
  for (const [i, code] of sites.entries()) {
    await db.run(
      "INSERT INTO sites (code, name, city, postcode, lat, lon) VALUES ($1, $2, 'Utrecht', $3, $4, 5.1)",
      [code, `Vestiging ${code.toUpperCase()}`, `35${11 + i}AB`, 52 + i / 100],
    );
  }
  for (const [i, item] of ITEMS.entries()) {
    await db.run(
      "INSERT INTO items (code, name, kind, price_cents, sort_order) VALUES ($1, $2, $3, $4, $5)",
      [item.code, item.code, item.kind, item.priceCents, i],
    );
  }
}

/** Stores one batch the way /api/ingest does: the reads, the sales and the membership events each in one transaction. */
export async function storeBatch(db: Database, batch: Fact[]): Promise<void> {
  const numbered = <T>(rows: T[]) => rows.map((value, i) => ({ row: i + 1, value }));
  const reads = batch.flatMap((fact) => (fact.kind === "read" ? [fact.row] : []));
  const sales = batch.flatMap((fact) => (fact.kind === "sale" ? [fact.row] : []));
  const members = batch.flatMap((fact) => (fact.kind === "member" ? [fact.row] : []));
  if (reads.length > 0) await storePlateReads(db, numbered(reads), null);
  if (sales.length > 0) await storeTransactions(db, numbered(sales), null);
  if (members.length > 0) await storeMembershipEvents(db, numbered(members), null);
}
