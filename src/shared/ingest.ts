import { adStatRowSchema } from "./ad-stats";
import { isPlateReading } from "./plates";
import { singleLine, z } from "./zod-nl";

// Rows accepted by the machine-ingestion endpoints (/api/ingest/*). The server validates every row of a
// batch with these schemas before it stores anything; the OpenAPI document is generated from them.

/** Most rows one batch may hold; the byte limit is MAX_BATCH_BYTES. */
export const MAX_BATCH_ROWS = 10_000;
export const MAX_BATCH_BYTES = 10 * 1024 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;
// Device clocks drift and tills buffer offline sales for days, but nothing sensible predates the chain
// or lies more than a day ahead.
const EARLIEST = Date.parse("2000-01-01T00:00:00Z");

/** An identifier sent by a machine: 1 to `max` visible ASCII characters, compared exactly. */
export const visibleIdSchema = (max: number) =>
  z
    .string()
    .regex(
      new RegExp(`^[\\x21-\\x7e]{1,${max}}$`),
      `Gebruik 1 tot ${max} zichtbare ASCII-tekens, zonder spaties.`,
    );

/** The sender's own id for a row; a row whose id was stored before (for the same site) is a duplicate. */
export const eventIdSchema = visibleIdSchema(128);

/** A site or item code as configured in Wasbord (case-insensitive on the way in). */
export const codeSchema = singleLine()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,47}$/, "Gebruik kleine letters, cijfers en streepjes (maximaal 48 tekens).");

/** ISO 8601 with a time-zone offset ("2026-03-01T09:15:00+01:00" or "…Z"), not in the future. */
export const instantSchema = z.iso
  .datetime({ offset: true, abort: true })
  .refine((value) => Date.parse(value) >= EARLIEST, "Ligt vóór 2000.")
  .refine((value) => Date.parse(value) <= Date.now() + DAY_MS, "Ligt meer dan een dag in de toekomst.");

/** A plate as a camera or till gives it, any formatting; stored normalised (parsePlate). */
export const plateTextSchema = singleLine()
  .max(20)
  .refine(
    isPlateReading,
    "Een kenteken bestaat uit letters A–Z en cijfers; spaties, punten en streepjes mogen ertussen.",
  );

const plateSchema = plateTextSchema
  .nullable()
  .describe("The plate as read, any formatting (GBB-01-B, gbb01b); null or empty for a no-read.");

export const plateReadRowSchema = z.object({
  eventId: eventIdSchema,
  site: codeSchema,
  readAt: instantSchema,
  lane: z.number().int().min(1).max(20).default(1),
  camera: singleLine().trim().min(1).max(64),
  plate: plateSchema,
  confidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .default(null)
    .describe("The camera's confidence in its reading, 0–1; null when the camera does not report it."),
  direction: z.enum(["in", "out"]).default("in"),
});
export type PlateReadRow = z.infer<typeof plateReadRowSchema>;

export const paymentMethods = [
  "pin",
  "contant",
  "creditcard",
  "ideal",
  "abonnement",
  "voucher",
  "app",
] as const;

export const cents = z.number().int().min(0).max(100_000_000);

export const voucherCodeSchema = singleLine().trim().toUpperCase().min(4).max(32);

export const transactionLineSchema = z.object({
  item: codeSchema,
  quantity: z.number().int().min(1).max(99).default(1),
  unitPriceCents: cents,
  discountCents: cents
    .optional()
    .describe("This line's share of discountCents; leave it out on every line to have it spread pro rata."),
});

export const transactionRowSchema = z
  .object({
    eventId: eventIdSchema,
    site: codeSchema,
    occurredAt: instantSchema,
    plate: plateSchema.default(null),
    paymentMethod: z.enum(paymentMethods),
    salesChannel: z.enum(["site", "online"]).default("site"),
    lines: z.array(transactionLineSchema).min(1).max(50),
    discountCents: cents.default(0).describe("Discount on the whole transaction, all lines together."),
    totalCents: cents.describe(
      "What the customer paid: quantity × unitPriceCents of all lines minus discountCents.",
    ),
    vatCents: cents
      .optional()
      .describe("VAT included in totalCents; worked out from the items' VAT rates when absent."),
    voucherCode: voucherCodeSchema.nullable().default(null),
    promotion: codeSchema.nullable().default(null),
    customerPostcode: singleLine()
      .trim()
      .toUpperCase()
      .regex(/^[1-9][0-9]{3}( ?[A-Z]{2})?$/, "Gebruik een Nederlandse postcode, zoals 3581 of 3581 AB.")
      .transform((postcode) => postcode.slice(0, 4))
      .nullable()
      .default(null)
      .describe("The customer's postcode; only its four digits (PC4) are kept."),
  })
  .superRefine((row, ctx) => {
    let gross = 0;
    let lineDiscounts = 0;
    let anyLineDiscount = false;
    row.lines.forEach((line, index) => {
      const lineGross = line.quantity * line.unitPriceCents;
      gross += lineGross;
      if (line.discountCents === undefined) return;
      anyLineDiscount = true;
      lineDiscounts += line.discountCents;
      if (line.discountCents > lineGross) {
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "discountCents"],
          message: `Korting (${line.discountCents}) is groter dan de regel (${lineGross}).`,
        });
      }
    });
    if (anyLineDiscount && lineDiscounts !== row.discountCents) {
      ctx.addIssue({
        code: "custom",
        path: ["discountCents"],
        message: `De kortingen van de regels (${lineDiscounts}) tellen niet op tot discountCents (${row.discountCents}).`,
      });
    }
    if (row.discountCents > gross) {
      ctx.addIssue({
        code: "custom",
        path: ["discountCents"],
        message: `Korting (${row.discountCents}) is groter dan de regels samen (${gross}).`,
      });
    } else if (gross - row.discountCents !== row.totalCents) {
      ctx.addIssue({
        code: "custom",
        path: ["totalCents"],
        message: `Totaal ${row.totalCents} klopt niet: de regels (${gross}) min de korting (${row.discountCents}) is ${gross - row.discountCents}.`,
      });
    }
    if (row.vatCents !== undefined && row.vatCents > row.totalCents) {
      ctx.addIssue({ code: "custom", path: ["vatCents"], message: "De btw is groter dan het totaal." });
    }
  });
export type TransactionRow = z.infer<typeof transactionRowSchema>;
export type TransactionLine = z.infer<typeof transactionLineSchema>;

/**
 * An ad-statistics row: the shared ad_stats_daily row, optionally with the sender's own id. Rows are
 * identified by their natural key (adStatKey), so no event id is needed to make a retry harmless.
 */
export const adStatIngestRowSchema = adStatRowSchema.extend({ eventId: eventIdSchema.optional() });
export type AdStatIngestRow = z.infer<typeof adStatIngestRowSchema>;

/** The answer to an accepted batch. */
export const ingestResultSchema = z.object({
  /** Rows stored now (for ad statistics: new rows and rows whose figures changed). */
  accepted: z.number().int().min(0),
  /** Rows stored before (same event id, or for ad statistics the same figures), skipped. */
  duplicates: z.number().int().min(0),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
