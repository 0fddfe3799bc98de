import { addDays, isoWeek, mondayOf, sameIsoWeekLastYearDays } from "../../shared/reports/dates.ts";
import { instantOf, localDate } from "../warehouse/time-zone.ts";

// Which week the Monday e-mail reports, and when it is due: every Monday 07:00 Europe/Amsterdam, about the
// week that ended the night before (Monday–Sunday), compared with the week before it and with the same ISO
// week a year earlier.

export interface MailWeek {
  /** Monday and Sunday of the week reported, local dates. */
  from: string;
  to: string;
  iso: { year: number; week: number };
  /** Days from this week's Monday back to the Monday of the same ISO week last year (negative). */
  lastYearShiftDays: number;
}

const SEND_TIME = "07:00:00";

/** The last complete week before `now` (the one a mail sent at `now` reports). */
export function lastCompleteWeek(now: Date): MailWeek {
  const from = addDays(mondayOf(localDate(now)), -7);
  const iso = isoWeek(from);
  return {
    from,
    to: addDays(from, 6),
    iso,
    lastYearShiftDays: sameIsoWeekLastYearDays(from),
  };
}

/** When the mail about `week` goes out: the Monday after it, 07:00 Amsterdam time. */
export const sendTimeOf = (week: MailWeek) => instantOf(addDays(week.to, 1), SEND_TIME);

/** Whether the mail about `week` is due at `now`: from its following Monday 07:00 until that week ends. */
export function isDue(week: MailWeek, now: Date): boolean {
  return (
    now.getTime() >= sendTimeOf(week).getTime() && now.getTime() < instantOf(addDays(week.to, 8)).getTime()
  );
}

/** The week the next scheduled mail reports: last week's until its Monday 07:00, then the current one. */
export function nextWeekToSend(now: Date): MailWeek {
  const last = lastCompleteWeek(now);
  return now < sendTimeOf(last) ? last : lastCompleteWeek(instantOf(addDays(last.to, 8)));
}
