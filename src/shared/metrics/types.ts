import type { Direction, Unit } from "../reports/envelope.ts";

// The shape of a registered figure (registry.ts). One entry per definition: its label is shown nowhere
// else with another meaning, and its definition is the hint every screen shows beside the figure.

/** Whether money in the figure includes VAT (our prices), excludes it (ad spend, ROAS) or has none. */
export type VatBasis = "incl" | "excl" | "none";

export interface MetricDefinition {
  /** The registry key; also the envelope key that carries it (and `aliases`). */
  key: string;
  /** The one Dutch label, unique over the registry. */
  label: string;
  unit: Unit;
  vat: VatBasis;
  /** The definition, in a sentence an operator understands: the hint on screen and the glossary's text. */
  definition: string;
  good?: Direction;
  /** Other envelope keys that carry this same figure (a screen that named it before the registry). */
  aliases?: readonly string[];
  /** Where the figure is shown beyond the reports' envelopes (the Monday e-mail, alert rules). */
  elsewhere?: readonly ("weekly-mail" | "alerts")[];
}

/** A column naming a row (site, campaign, page): not a figure, but its label is declared too. */
export interface DimensionDefinition {
  key: string;
  label: string;
}

export const defineMetrics = <const K extends string>(list: readonly (MetricDefinition & { key: K })[]) =>
  list;
