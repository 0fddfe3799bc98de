import type { CollectPayload } from "../../../shared/collect.ts";
import type { PlateReadRow, TransactionRow } from "../../../shared/ingest.ts";
import type { MembershipEvent } from "../../../shared/membership-events.ts";
import { planAds } from "../ads.ts";
import { TableWriter } from "../bulk.ts";
import { type Day, demoDays } from "../calendar.ts";
import type { Catalog } from "../dimensions.ts";
import { TWO_YEARS } from "../index.ts";
import { Random } from "../random.ts";
import { SalesWriter } from "../sales.ts";
import { VoucherBook } from "../vouchers.ts";
import { WashSimulator } from "../washes.ts";
import { type Weather, weatherSeries } from "../weather.ts";
import { WebSimulator } from "../web.ts";
import { landingUrl } from "../web-sources.ts";
import type { Codes } from "./catalog.ts";
import { dayClub } from "./day-club.ts";
import type { Timed } from "./timed.ts";

// One local day of the demo chain's life, planned by the demo generator's own simulators (the same rates
// per hour and weekday, customers, programmes, payments, website sources) and turned into what the real
// devices send: rows for /api/ingest/* and events for /api/collect. A day's plan depends only on the seed and
// the date, so planning it again after a restart gives the same event ids and ingestion skips what it has.

type Value = number | string | boolean | null;

/** A TableWriter that keeps the rows in memory instead of appending them to the database. */
class Rows extends TableWriter {
  readonly list: Value[][] = [];

  constructor() {
    super("memory", "text");
  }

  override add(...values: Value[]): void {
    this.list.push(values);
  }
}

/**
 * A random stream that starts as one stream and can be handed over to another: the customer base is built
 * from the stream the generated history started from (the live chain's regulars are the history's
 * regulars, not strangers), and then its newcomers come from the day's own stream (or they would be the
 * history's first newcomers again).
 */
class HandOver extends Random {
  constructor(private current: Random) {
    super(0);
  }

  override next(): number {
    return this.current.next();
  }

  override fork(label: string): Random {
    return this.current.fork(label);
  }

  handOver(to: Random): void {
    this.current = to;
  }
}

/** The generator's random stream for one day, whose "customers" fork is the hand-over stream. */
class DayRandom extends Random {
  constructor(
    seed: number,
    readonly customers: HandOver,
  ) {
    super(seed);
  }

  override fork(label: string): Random {
    return label === "customers" ? this.customers : super.fork(label);
  }
}

/** A website event and who sends it: the visitor's browser, told apart by address and user agent. */
export interface WebHit {
  payload: CollectPayload;
  visitor: string;
  device: string;
}

export interface DayPlan {
  date: string;
  /** UTC epoch ms of the day's start and of the next day's start. */
  startMs: number;
  endMs: number;
  plateReads: Timed<PlateReadRow>[];
  transactions: Timed<TransactionRow>[];
  memberships: Timed<MembershipEvent>[];
  web: Timed<WebHit>[];
}

const DEVICE_WIDTH: Record<string, number> = { mobile: 390, tablet: 820, desktop: 1440 };

/** A live day's own stream, and the seed of the generator's stream for it. */
function dayStreams(seed: number, date: string) {
  const dayRng = new Random(seed).fork(`live ${date}`);
  return { dayRng, daySeed: Math.floor(dayRng.next() * 2 ** 32) };
}

/** The weather the plan of the local day containing `moment` washes in (the live forecast's truth). */
export function plannedWeather(moment: Date, seed: number): Weather {
  const days = demoDays(moment, TWO_YEARS);
  const { daySeed } = dayStreams(seed, days[days.length - 1].date);
  return weatherSeries(days, new Random(daySeed).fork("weather"))[days.length - 1];
}

/** Plans the local day that contains `moment`, at demo scale `scale`. */
export function planDay(
  moment: Date,
  options: {
    seed: number;
    scale: number;
    catalog: Catalog;
    codes: Codes;
    endedMembers?: ReadonlySet<string>;
  },
): DayPlan {
  const { seed, scale, catalog, codes } = options;
  // The two years ending on this day, so trend, weather and the customers' habits are those of "today".
  const days = demoDays(moment, TWO_YEARS);
  const next = demoDays(new Date(days[days.length - 1].startMs + 36 * 3_600_000), 1)[0];
  const day: Day = { ...days[days.length - 1], endMs: next.startMs };
  days[days.length - 1] = day;

  const { dayRng, daySeed } = dayStreams(seed, day.date);
  const rng = new DayRandom(daySeed, new HandOver(new Random(seed).fork("washes").fork("customers")));
  const weather = weatherSeries(days, rng.fork("weather"));
  const reads = new Rows();
  const [transactions, lines] = [new Rows(), new Rows()];
  const web = { sessions: new Rows(), pageviews: new Rows(), events: new Rows() };
  const sales = new SalesWriter(transactions, lines);
  const vouchers = new VoucherBook(rng.fork("vouchers"), days);
  // The day's own stream itself, not a fork of it: a fork would be a plain Random and hand out a new base.
  const washes = new WashSimulator(rng, scale, days, weather, catalog, sales, vouchers, reads);
  rng.customers.handOver(dayRng.fork("newcomers"));
  const website = new WebSimulator(rng.fork("web"), scale, catalog, washes.customers, sales, vouchers, web);
  const club = dayClub({
    seed,
    day,
    days,
    dayRng,
    catalog,
    sales,
    washes,
    website,
    ended: options.endedMembers ?? new Set(),
  });
  const interest = 0.7 + 0.3 * weather[day.index].demand;
  website.simulateDay(day, planAds(day, rng.fork("ads"), scale, interest), interest, 1);
  washes.simulateDay(day);
  const memberships = club.events();

  const id = (generated: Value) => `live-${day.date}-${generated}`;
  const site = (dbId: Value) => codes.sites.get(dbId as number) ?? "";
  const iso = (ms: Value) => new Date(ms as number).toISOString();

  const plateReads = reads.list.map(([siteId, eventId, at, lane, camera, plate, , raw, confidence]) => ({
    at: at as number,
    row: {
      eventId: id(eventId),
      site: site(siteId),
      readAt: iso(at),
      lane: lane as number,
      camera: camera as string,
      plate: (raw ?? plate) as string | null,
      confidence: confidence as number,
      direction: "in" as const,
    },
  }));

  const linesOf = byFirstColumn(lines.list);
  const sold = transactions.list.map((t) => {
    const [txId, siteId, eventId, at, plate, , payment, channel, , discount, total, vat, , , postcode] = t;
    return {
      at: at as number,
      row: {
        eventId: id(eventId),
        site: site(siteId),
        occurredAt: iso(at),
        plate: plate as string | null,
        paymentMethod: payment as TransactionRow["paymentMethod"],
        salesChannel: channel as TransactionRow["salesChannel"],
        lines: (linesOf.get(txId) ?? []).map(([, , , , item, quantity, unit, lineDiscount]) => ({
          item: codes.items.get(item as number) ?? "",
          quantity: quantity as number,
          unitPriceCents: unit as number,
          discountCents: lineDiscount as number,
        })),
        discountCents: discount as number,
        totalCents: total as number,
        vatCents: vat as number,
        voucherCode: null,
        promotion: null,
        customerPostcode: postcode as string | null,
      },
    };
  });

  return {
    date: day.date,
    startMs: day.startMs,
    endMs: day.endMs,
    plateReads: plateReads.filter((r) => r.row.site !== "").sort((a, b) => a.at - b.at),
    transactions: sold.filter((t) => t.row.site !== "").sort((a, b) => a.at - b.at),
    memberships,
    web: webHits(web).sort((a, b) => a.at - b.at),
  };
}

/** Rows grouped by their first column (a transaction's or session's id). */
function byFirstColumn(rows: Value[][]): Map<Value, Value[][]> {
  const groups = new Map<Value, Value[][]>();
  for (const row of rows) groups.set(row[0], [...(groups.get(row[0]) ?? []), row]);
  return groups;
}

/**
 * The browser's side of the simulated visits: a pageview per page (the first with the landing page's
 * campaign tags and the referrer), then the purchase. Without promotions and experiments in the live chain
 * there are no voucher claims or exposures to send.
 */
function webHits(web: { sessions: Rows; pageviews: Rows; events: Rows }): Timed<WebHit>[] {
  const hits: Timed<WebHit>[] = [];
  const pages = byFirstColumn(web.pageviews.list);
  const events = byFirstColumn(web.events.list);
  for (const session of web.sessions.list) {
    const [sessionId, visitor, host, , , landing, , , , , , referrer] = session as (string | null)[];
    const [utmSource, utmMedium, utmCampaign, utmContent, utmTerm, gclid, fbclid, , device] = session.slice(
      13,
    ) as (string | null)[];
    const sender = { visitor: visitor as string, device: device as string };
    const base = { site: host as string, width: DEVICE_WIDTH[device as string] ?? 1440 };
    let previous = referrer;
    (pages.get(sessionId) ?? []).forEach(([, , at, path], i) => {
      const url =
        i === 0
          ? landingUrl({
              landing: landing as string,
              utmSource,
              utmMedium,
              utmCampaign,
              utmContent,
              utmTerm,
              gclid,
              fbclid,
            })
          : `https://${host}${path}`;
      hits.push({
        at: at as number,
        row: { ...sender, payload: { type: "pageview", ...base, url, referrer: previous } },
      });
      previous = url;
    });
    for (const [, , at, kind, path, revenue] of events.get(sessionId) ?? []) {
      if (kind !== "conversion") continue;
      const payload: CollectPayload = {
        type: "conversion",
        ...base,
        url: `https://${host}${path}`,
        referrer: previous,
        value: (revenue as number) / 100,
      };
      hits.push({ at: at as number, row: { ...sender, payload } });
    }
  }
  return hits;
}
