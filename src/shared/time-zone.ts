// Where the chain is: every "today", every local date and every bucket is Europe/Amsterdam, on both sides
// and whatever the server's or the browser's own time zone. The one home of "today in Amsterdam".

export const TIME_ZONE = "Europe/Amsterdam";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Amsterdam calendar date of an instant (default: now), `YYYY-MM-DD`. */
export const amsterdamDate = (instant: Date = new Date()): string => dayFormat.format(instant);
