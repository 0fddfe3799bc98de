// The summer school holidays of region midden (Utrecht, where the chain's sites are), first and last day,
// from the published calendars (rijksoverheid.nl); later years follow the usual rota. The demo chain's
// generator and the forecast model both read them, so they live here rather than in either.
const SUMMER_HOLIDAYS: Record<number, [string, string]> = {
  2023: ["07-15", "08-27"],
  2024: ["07-20", "09-01"],
  2025: ["07-12", "08-24"],
  2026: ["07-18", "08-30"],
  2027: ["07-10", "08-22"],
};
const USUAL_SUMMER: [string, string] = ["07-15", "08-27"];

/** Whether a local date (YYYY-MM-DD) falls in the summer school holidays of region midden. */
export function isSummerSchoolHoliday(date: string): boolean {
  const [from, to] = SUMMER_HOLIDAYS[Number(date.slice(0, 4))] ?? USUAL_SUMMER;
  const monthDay = date.slice(5);
  return monthDay >= from && monthDay <= to;
}
