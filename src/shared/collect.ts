import { z } from "./zod-nl";

// One event sent by the website tracking script (src/server/tracking/tracker.js) to POST /api/collect.
// The script documents the same shape at its top; keep the two in step.

const MAX_URL_LENGTH = 2048;
const DAY_MS = 24 * 60 * 60 * 1000;

const base = {
  site: z.string().trim().min(1).max(253),
  url: z.url({ protocol: /^https?$/ }).max(MAX_URL_LENGTH),
  /** document.referrer, null when the browser sent none. */
  referrer: z.string().max(MAX_URL_LENGTH).nullable(),
  /** screen.width in CSS pixels, for the device class. */
  width: z.number().int().min(0).max(100_000),
  /** Client clock in ms since the epoch; informative only, the server stamps its own time. */
  ts: z.number().int().positive().optional(),
};

const label = z.string().trim().min(1).max(100);

export const collectPayloadSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pageview"), ...base }),
  z.object({ type: z.literal("experiment"), ...base, experiment: z.object({ key: label, variant: label }) }),
  /** value: revenue in euros (the script's callers think in euros); absent for a conversion without value. */
  z.object({ type: z.literal("conversion"), ...base, value: z.number().min(0).max(1_000_000).optional() }),
  z.object({ type: z.literal("voucher"), ...base, voucher: z.string().trim().min(1).max(64) }),
  /** engagedMs: visible time on `url` since the previous pageview or leave event of that page. */
  z.object({ type: z.literal("leave"), ...base, engagedMs: z.number().int().min(0).max(DAY_MS) }),
]);

export type CollectPayload = z.infer<typeof collectPayloadSchema>;
export type CollectEventType = CollectPayload["type"];
