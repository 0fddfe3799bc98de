import type { MembershipEvent } from "../../../shared/membership-events.ts";
import type { Day } from "../calendar.ts";
import type { Catalog } from "../dimensions.ts";
import { Random } from "../random.ts";
import type { SalesWriter } from "../sales.ts";
import { WashClub } from "../wash-club.ts";
import { type ClubEvent, clubEventApiShape } from "../wash-club-events.ts";
import type { WashSimulator } from "../washes.ts";
import type { WebSimulator } from "../web.ts";
import type { Timed } from "./timed.ts";

// The wash club for one live day. The day's simulators start from the history's first customer base, so its
// members are the history's first members under the same ids; those the database has seen cancelled are
// left out. Declines of the days before come back today as retries or cancels; the members' own changes
// (pauses, plan and plate changes) take a month to play out and are left to the generated history.

export interface DayClub {
  /** Call after the day's simulation: its events in the API's shape. */
  events(): Timed<MembershipEvent>[];
}

export function dayClub(options: {
  seed: number;
  day: Day;
  days: Day[];
  dayRng: Random;
  catalog: Catalog;
  sales: SalesWriter;
  washes: WashSimulator;
  website: WebSimulator;
  /** Members the database has a cancel of. */
  ended: ReadonlySet<string>;
}): DayClub {
  const { day, washes, website, ended } = options;
  const planned: ClubEvent[] = [];
  const club = new WashClub({
    rng: options.dayRng.fork("wash-club"),
    // The generated history's stream for payments: the same declines on the same days.
    decisions: new Random(options.seed).fork("wash-club").fork("payments"),
    customers: washes.customers,
    catalog: options.catalog,
    sales: options.sales,
    days: options.days,
    importAt: null,
    newcomerPrefix: `M${day.date.replaceAll("-", "")}-`,
    memberActions: false,
    sink: (events) => planned.push(...events),
  });
  washes.club = club;
  website.club = club;
  club.replayDeclines(day);
  club.startDay(day);
  return {
    events() {
      club.endDay();
      return planned
        .filter((event) => !ended.has(event.memberId))
        .map((event) => ({ at: event.at, row: clubEventApiShape("live", event) }));
    },
  };
}
