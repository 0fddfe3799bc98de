import { emailSchema } from "../admin/fields.ts";
import { z } from "../zod-nl.ts";
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX } from "./saved-views.ts";

// Subscriptions: a report screen (its query string) or a saved view, mailed on a schedule in
// Europe/Amsterdam with its KPI's in the body and its Excel file attached. Shared by the endpoints and the
// "Abonneren" form and Instellingen › Abonnementen.

export const CADENCES = ["daily", "weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

export const CADENCE_LABELS: Record<Cadence, string> = {
  daily: "Elke dag",
  weekly: "Elke week",
  monthly: "Elke maand",
};

/** ISO weekdays 1 (Monday) … 7 (Sunday). */
export const WEEKDAY_LABELS = [
  "maandag",
  "dinsdag",
  "woensdag",
  "donderdag",
  "vrijdag",
  "zaterdag",
  "zondag",
];

export interface Schedule {
  cadence: Cadence;
  weekday: number | null;
  monthDay: number | null;
  hour: number;
}

export const subscriptionInputSchema = z
  .object({
    report: z.string().min(1, "Kies een rapport.").max(100),
    /** The screen's query string; ignored when a saved view is named (the view's own is taken). */
    query: z.string().max(SAVED_VIEW_QUERY_MAX, "Dit scherm heeft te veel filters.").default(""),
    savedViewId: z.number().int().positive().optional(),
    name: z
      .string({ message: "Geef het abonnement een naam." })
      .trim()
      .min(1, "Geef het abonnement een naam.")
      .max(SAVED_VIEW_NAME_MAX, `Gebruik hoogstens ${SAVED_VIEW_NAME_MAX} tekens.`),
    cadence: z.enum(CADENCES, { message: "Kies elke dag, elke week of elke maand." }),
    weekday: z
      .number()
      .int()
      .min(1, "Kies een dag van de week.")
      .max(7, "Kies een dag van de week.")
      .nullish(),
    monthDay: z
      .number()
      .int()
      .min(1, "Kies een dag van 1 tot 31.")
      .max(31, "Kies een dag van 1 tot 31.")
      .nullish(),
    hour: z.number({ message: "Kies een uur." }).int().min(0, "Kies een uur.").max(23, "Kies een uur."),
    /** Who gets it; empty: the person subscribing. Naming others is for a beheerder. */
    recipients: z.array(emailSchema).max(50, "Hoogstens 50 ontvangers.").default([]),
  })
  .superRefine((input, ctx) => {
    if (input.cadence === "weekly" && !input.weekday) {
      ctx.addIssue({ code: "custom", path: ["weekday"], message: "Kies een dag van de week." });
    }
    if (input.cadence === "monthly" && !input.monthDay) {
      ctx.addIssue({ code: "custom", path: ["monthDay"], message: "Kies een dag van de maand." });
    }
  });
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;

export interface SubscriptionRecipient {
  id: number;
  email: string;
  createdAt: string;
  unsubscribedAt: string | null;
  /** The last slot sent to this address, if any. */
  lastSlotSent: string | null;
}

export interface Subscription extends Schedule {
  id: number;
  report: string;
  query: string;
  name: string;
  ownerEmail: string;
  createdAt: string;
  /** When the next scheduled mail goes out (ISO instant): exactly the slot the schedule sends next. */
  next: string;
  recipients: SubscriptionRecipient[];
}

export interface SubscriptionsOverview {
  /** Who asks: a beheerder sees every subscription and may name recipients; anyone else only their own. */
  me: { email: string; role: "beheerder" | "analist" };
  subscriptions: Subscription[];
}

/** "Elke dinsdag om 07:00", the schedule in words. */
export function scheduleText(schedule: Schedule): string {
  const at = `om ${String(schedule.hour).padStart(2, "0")}:00`;
  if (schedule.cadence === "weekly") return `Elke ${WEEKDAY_LABELS[(schedule.weekday ?? 1) - 1]} ${at}`;
  if (schedule.cadence === "monthly") {
    const day = schedule.monthDay ?? 1;
    return `Elke maand op de ${day}e ${at}${day > 28 ? " (of de laatste dag)" : ""}`;
  }
  return `Elke dag ${at}`;
}
