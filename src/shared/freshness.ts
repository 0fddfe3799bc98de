// Data freshness, defined once (the dashboard, Instellingen → Koppelingen and alerts all judge a source with
// the rule in src/server/freshness/freshness-rule.ts). A camera or till is judged by the opening hours it
// has been quiet: a wash is closed at night, so silence from 20:00 to 08:00 says nothing. The website and
// the ad platforms deliver around the clock (ad figures per whole day, a day late), so they are judged by
// the clock.

export const freshnessStates = ["actueel", "vertraagd", "stil"] as const;
export type Freshness = (typeof freshnessStates)[number];

export const FRESHNESS_LABELS: Record<Freshness, string> = {
  actueel: "Actueel",
  vertraagd: "Vertraagd",
  stil: "Stil",
};

/** What kind of source a freshness judgement is about. */
export type FreshnessKind = "site" | "website" | "ads";

/**
 * Quiet hours after which a source is "vertraagd" (worth a look) and "stil" (surely broken). For cameras
 * and tills these are opening hours: a busy wash sees a car every few minutes, so an open hour without one
 * is odd and half an opening day is a fault. A source that never delivered anything is "stil".
 */
export const FRESHNESS_LIMITS: Record<FreshnessKind, { late: number; silent: number }> = {
  site: { late: 1, silent: 4 },
  website: { late: 3, silent: 24 },
  ads: { late: 36, silent: 72 },
};

/** The chain's opening hours, local time (Europe/Amsterdam), per weekday Monday first: [opens, closes]. */
export const OPENING_HOURS: [opens: number, closes: number][] = [
  [8, 20],
  [8, 20],
  [8, 20],
  [8, 20],
  [8, 20],
  [8, 20],
  [10, 18],
];

/** One sentence for screens that show freshness states, so the explanation follows the limits. */
export function freshnessExplanation(): string {
  const { site, website, ads } = FRESHNESS_LIMITS;
  return (
    `Camera's en kassa's heten vertraagd na ${site.late} uur en stil na ${site.silent} uur zonder gegevens ` +
    `binnen de openingstijden (ma–za ${OPENING_HOURS[0][0]}–${OPENING_HOURS[0][1]} uur, zo ` +
    `${OPENING_HOURS[6][0]}–${OPENING_HOURS[6][1]} uur); de website na ${website.late} en ${website.silent} ` +
    `uur, advertentieplatforms na ${ads.late} en ${ads.silent} uur.`
  );
}
