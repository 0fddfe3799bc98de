import { freshnessStates } from "./freshness.ts";
import { z } from "./zod-nl.ts";

// GET /api/live: what every active site is doing at this moment, for the Live tab of the dashboard (a wall
// screen in the shop). One shape, typed on both sides from this schema; the server's query is
// src/server/reports/live.ts.

/** Length of one bucket of today's curve, in minutes. */
export const LIVE_SLOT_MINUTES = 10;

/** How often the screen asks again, in milliseconds. */
export const LIVE_REFRESH_MS = 10_000;

const instant = z.string().describe("ISO-tijdstip (UTC)");

const deliverySchema = z.object({
  lastAt: instant.nullable().describe("Laatste aanlevering; null: nooit"),
  status: z.enum(freshnessStates).describe("Oordeel volgens de ene versheidsregel"),
});

export const liveSlotSchema = z.object({
  start: z.string().describe("Lokale begintijd van het blok van 10 minuten, HH:mm (Europe/Amsterdam)"),
  cars: z
    .number()
    .int()
    .nullable()
    .describe("Auto's in dit blok vandaag; null voor een blok dat nog moet beginnen"),
  expected: z
    .number()
    .describe(
      "Mediaan van dit blok op dezelfde weekdag in de 8 weken ervoor (dagen zonder auto's tellen als 0)",
    ),
});

export const liveSiteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  lanes: z.number().int(),
  carsPerLaneHour: z.number().int(),
  capacityPerHour: z.number().int().describe("Wasstraten × auto's per wasstraat per uur"),
  lastHour: z
    .number()
    .int()
    .describe("Auto's in de laatste 60 minuten (lezingen bij de ingang, ook zonder kenteken)"),
  today: z.number().int().describe("Auto's vandaag tot nu"),
  slots: z.array(liveSlotSchema).describe("Vandaag in blokken van 10 minuten, lokale tijd"),
  cameras: z.array(deliverySchema.extend({ camera: z.string() })).describe("Laatste lezing per camera"),
  till: deliverySchema.describe("Laatste verkoop van de vestiging"),
});

export const liveAnswerSchema = z.object({
  now: instant.describe("Het moment van de cijfers"),
  date: z.string().describe("Vandaag, lokale datum YYYY-MM-DD"),
  sites: z.array(liveSiteSchema),
});

export type LiveSlot = z.infer<typeof liveSlotSchema>;
export type LiveSite = z.infer<typeof liveSiteSchema>;
export type LiveAnswer = z.infer<typeof liveAnswerSchema>;
