import { addDays, endOfMonth } from "../../shared/reports/dates.ts";
import type { Schedule } from "../../shared/reports/subscriptions.ts";
import { instantOf, localDate } from "../warehouse/time-zone.ts";

// When a subscription's mail is due: slots are local (Europe/Amsterdam) wall-clock hours on the days the
// cadence names, so 07:00 stays 07:00 across the clock changes. A monthly day past a short month's end
// (the 31st in April) is that month's last day. Every question about "when" is answered here.

/** Far enough to find a slot of any cadence (a month has at most 31 days). */
const SEARCH_DAYS = 62;

const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

function fallsOn(schedule: Schedule, date: string): boolean {
  if (schedule.cadence === "weekly") return isoWeekday(date) === schedule.weekday;
  if (schedule.cadence === "monthly") {
    const last = Number(endOfMonth(date).slice(8, 10));
    return Number(date.slice(8, 10)) === Math.min(schedule.monthDay ?? 1, last);
  }
  return true;
}

const slotOn = (schedule: Schedule, date: string) =>
  instantOf(date, `${String(schedule.hour).padStart(2, "0")}:00:00`);

/** The latest slot at or before `now`, or null when there is none within two months. */
export function lastSlotAtOrBefore(schedule: Schedule, now: Date): Date | null {
  let date = localDate(now);
  for (let i = 0; i <= SEARCH_DAYS; i++, date = addDays(date, -1)) {
    if (fallsOn(schedule, date) && slotOn(schedule, date) <= now) return slotOn(schedule, date);
  }
  return null;
}

/** The first slot strictly after `instant`. */
export function nextSlotAfter(schedule: Schedule, instant: Date): Date {
  let date = localDate(instant);
  for (let i = 0; i <= SEARCH_DAYS; i++, date = addDays(date, 1)) {
    if (fallsOn(schedule, date) && slotOn(schedule, date) > instant) return slotOn(schedule, date);
  }
  throw new Error("no slot within two months: the schedule is invalid");
}

/**
 * The slot a recipient added at `addedAt` is due at `now`: the latest slot, once it is past and only when
 * they were added before it. Someone added after a slot waits for the next one; a slot missed while the
 * server was down still goes out late, until the next slot takes its place.
 */
export function dueSlot(schedule: Schedule, addedAt: Date, now: Date): Date | null {
  const slot = lastSlotAtOrBefore(schedule, now);
  return slot && addedAt < slot ? slot : null;
}
