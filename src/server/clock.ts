/**
 * The server's "now" for reports and scheduled jobs. API tests start the real server as a separate process
 * and need "today" to be a day of their fixture: under NODE_ENV=test, WASBORD_CLOCK (an ISO instant) fixes
 * it. Ignored everywhere else.
 */
export function serverClock(): () => Date {
  const fixed = fixedClock();
  if (!fixed) return () => new Date();
  const instant = new Date(fixed);
  if (Number.isNaN(instant.getTime())) throw new Error(`WASBORD_CLOCK is not an instant: ${fixed}`);
  return () => instant;
}

/** The instant WASBORD_CLOCK fixes "now" at (tests only), else undefined. */
export const fixedClock = () => (process.env.NODE_ENV === "test" ? process.env.WASBORD_CLOCK : undefined);
