import { z } from "../zod-nl.ts";

// Saved views: a name for a report screen with its query string (filters, period, comparison, dimension
// filters). The query string is the view: opening it is following the link `/reports/<report>?<query>`.

export const SAVED_VIEW_NAME_MAX = 80;
export const SAVED_VIEW_QUERY_MAX = 2000;

export const savedViewInputSchema = z.object({
  report: z.string().min(1, "Kies een rapport.").max(100),
  name: z
    .string()
    .trim()
    .min(1, "Geef de weergave een naam.")
    .max(SAVED_VIEW_NAME_MAX, `Gebruik hoogstens ${SAVED_VIEW_NAME_MAX} tekens.`),
  query: z.string().max(SAVED_VIEW_QUERY_MAX, "Deze weergave heeft te veel filters."),
});
export type SavedViewInput = z.infer<typeof savedViewInputSchema>;

export interface SavedView extends SavedViewInput {
  id: number;
  createdAt: string;
}
