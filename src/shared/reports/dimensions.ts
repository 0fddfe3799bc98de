import { CHANNELS } from "../channels.ts";
import { z } from "../zod-nl.ts";

// The dimension filters a report may accept beyond period, comparison, granularity and site: a campaign, an
// ad group, a page… Each has one query-string key, one label and one rule for its value's shape; the
// catalogue says which report accepts which, the server checks that the value exists.

const name = z.string().trim().min(1, "Vul een waarde in.").max(500);

/** How a sale was paid (transactions.payment_method), with its Dutch name. */
export const PAYMENT_METHODS = [
  { value: "pin", label: "Pin" },
  { value: "contant", label: "Contant" },
  { value: "creditcard", label: "Creditcard" },
  { value: "ideal", label: "iDEAL" },
  { value: "abonnement", label: "Abonnement" },
  { value: "voucher", label: "Voucher" },
  { value: "app", label: "App" },
] as const;
type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

export const DIMENSIONS = {
  campaign: { label: "Campagne", value: name },
  ad_group: { label: "Advertentiegroep", value: name },
  ad: { label: "Advertentie", value: name },
  keyword: { label: "Zoekwoord", value: name },
  affiliate: { label: "Affiliate", value: name },
  promotion: {
    label: "Actie",
    value: z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, "Onbekende actiecode."),
  },
  channel: {
    label: "Kanaal",
    value: z.enum(CHANNELS),
  },
  page: {
    label: "Pagina",
    value: z
      .string()
      .max(2048)
      .regex(/^\/\S*$/, "Een pagina begint met een / (bijvoorbeeld /prijzen)."),
  },
  programme: {
    label: "Programma",
    value: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "Onbekende programmacode."),
  },
  payment_method: {
    label: "Betaalwijze",
    value: z.enum(PAYMENT_METHODS.map((method) => method.value) as [PaymentMethod, ...PaymentMethod[]]),
  },
  experiment: {
    label: "Experiment",
    value: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Onbekende experimentcode."),
  },
} as const;

export type DimensionKey = keyof typeof DIMENSIONS;
export const DIMENSION_KEYS = Object.keys(DIMENSIONS) as DimensionKey[];

/** A dimension filter's value as people read it: a payment method by its Dutch name, others as they are. */
export const dimensionValueLabel = (key: DimensionKey, value: string) =>
  (key === "payment_method" && PAYMENT_METHODS.find((method) => method.value === value)?.label) || value;

/** A report's dimension filters as the URL and the API carry them: key → value. */
export type DimensionFilters = Partial<Record<DimensionKey, string>>;

/**
 * Query-string keys a report screen uses besides the filters: `search` narrows a long table (keywords,
 * pages) on the server, `rows=all` asks for the whole table instead of the top rows (the CSV export).
 */
export const TABLE_QUERY_KEYS = ["search", "rows"] as const;

export const tableQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  rows: z.enum(["all"]).optional(),
});
