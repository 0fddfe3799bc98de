import { formatEuro, formatNumber } from "../../shared/format.ts";
import { metricDefinition, metricLabel } from "../../shared/metrics/registry.ts";
import type { Direction } from "../../shared/reports/envelope.ts";
import { type Figures, revenuePerCar, type WeeklyFigures } from "./figures.ts";
import { MEMBER_MAIL_METRICS } from "./member-figures.ts";

// The Monday e-mail's figures as lines: each with last week's and last year's, a line of the text and a
// block of the HTML (render.ts).

interface Row {
  label: string;
  value: (figures: Figures) => number | null;
  format: (value: number) => string;
}
// The figures' labels are the metric registry's (src/shared/metrics): the same words as on the screens.
export const MAIL_METRICS = ["washes", "revenue_ex_vat", "revenue_per_car_ex_vat", "new"] as const;
export const [WASHES, REVENUE, PER_CAR, NEW] = MAIL_METRICS.map(metricLabel);
const ROWS: Row[] = [
  { label: WASHES, value: (f) => f.washes, format: formatNumber },
  { label: REVENUE, value: (f) => f.revenueExVatCents, format: (v) => formatEuro(v, true) },
  { label: PER_CAR, value: revenuePerCar, format: (v) => formatEuro(v) },
  { label: NEW, value: (f) => f.newCustomers, format: formatNumber },
];

/** One figure of the mail with last week's and last year's: a line of text, a block of the HTML. */
export interface Line {
  label: string;
  /** Which way is good (the registry's): an increase of ended members shows red. */
  good?: Direction;
  current: number | null;
  previous: number | null;
  lastYear: number | null;
  format: (value: number) => string;
}

export const salesLines = (figures: WeeklyFigures): Line[] =>
  ROWS.map((row) => ({
    label: row.label,
    current: row.value(figures.current),
    previous: row.value(figures.previous),
    lastYear: row.value(figures.lastYear),
    format: row.format,
  }));

const MEMBER_FORMATS: Record<(typeof MEMBER_MAIL_METRICS)[number], (value: number) => string> = {
  members_active: formatNumber,
  mrr: (v) => formatEuro(v, true),
  members_new: formatNumber,
  members_ended: formatNumber,
};

/** The block "Leden", labelled by the registry; none when the chain has no wash club. */
export const memberLines = ({ members }: WeeklyFigures): Line[] =>
  members
    ? MEMBER_MAIL_METRICS.map((key) => ({
        label: metricLabel(key),
        good: metricDefinition(key).good,
        current: members.current[key],
        previous: members.previous[key],
        lastYear: members.lastYear[key],
        format: MEMBER_FORMATS[key],
      }))
    : [];
