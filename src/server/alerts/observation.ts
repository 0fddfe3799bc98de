/**
 * What one evaluation of a rule found about one subject (a site's cameras, one camera, a site, the chain).
 * A subject the rule could not judge now (outside opening hours, too little history) is left out, so an
 * open incident about it stays open instead of being resolved by silence.
 */
export interface Observation {
  /** Stable key of the subject within the rule, e.g. `site:3:plate-reads` or `camera:3:cam-1`. */
  subject: string;
  label: string;
  breached: boolean;
  /** One Dutch sentence on the figures, for the message. */
  detail: string;
}
