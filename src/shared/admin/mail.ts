import { z } from "../zod-nl.ts";
import { emailSchema } from "./fields.ts";

// Instellingen › Postvak: how the server sends mail and what the SMTP server inside the app received.
// Shared by the endpoints and the page.

export type MailMode = "smtp" | "inbox" | "off";

export interface MailStatus {
  mode: MailMode;
  /** The sender every mail carries (MAIL_FROM). */
  from: string;
}

export interface MailMessageSummary {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
}

export interface MailMessageDetail extends MailMessageSummary {
  text: string | null;
  html: string | null;
  messageId: string | null;
  /** The file names of the message's attachments. */
  attachments: string[];
}

/** A recipient of the Monday e-mail: an address and the sites it covers (none: the whole chain). */
export const weeklyRecipientInputSchema = z.object({
  email: emailSchema,
  siteIds: z
    .array(z.number().int().positive(), { message: "Kies vestigingen uit de lijst." })
    .max(100)
    .default([]),
});
export type WeeklyRecipientInput = z.input<typeof weeklyRecipientInputSchema>;

/** "Voorbeeld versturen": the mail of one recipient's sites (or the whole chain), sent to whoever asks. */
export const weeklyPreviewSchema = z.object({
  recipientId: z.number().int().positive().optional(),
});

export interface WeeklyRecipient {
  id: number;
  email: string;
  siteIds: number[];
  /** The sites by name, in the order of the site list; empty for the whole chain. */
  siteNames: string[];
  createdAt: string;
  /** When the recipient followed the opt-out link in a mail: no more mail since. */
  unsubscribedAt: string | null;
  /** The Monday of the last week sent, if any. */
  lastWeekSent: string | null;
}

export interface WeeklyMailOverview {
  recipients: WeeklyRecipient[];
  /** The week the next scheduled mail reports, and when it goes out (ISO instant). */
  next: { weekFrom: string; weekTo: string; isoWeek: number; sendAt: string };
  sites: { id: number; name: string; active: boolean }[];
}
