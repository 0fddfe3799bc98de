import { parseEuroInput } from "../format.ts";
import { z } from "../zod-nl.ts";

// Field schemas every admin form and endpoint shares. Each carries its own Dutch message: zod's generic
// Dutch messages ("verwacht dat string >=1 tekens heeft") are not something to show a site manager.

/** The row version a form was loaded with; a save with an older one is refused (optimistic concurrency). */
export const versionSchema = z
  .number({ message: "Versie ontbreekt: laad de gegevens opnieuw." })
  .int()
  .min(1, "Versie ontbreekt: laad de gegevens opnieuw.");

export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `Vul ${label} in.` })
    .trim()
    .min(1, `Vul ${label} in.`)
    .max(max, `Hoogstens ${max} tekens.`);

/** An e-mail address, stored lower case: who signs in, who gets mail. */
export const emailSchema = z
  .string({ message: "Vul een e-mailadres in." })
  .trim()
  .toLowerCase()
  .pipe(z.email("Vul een geldig e-mailadres in, zoals naam@bedrijf.nl."));

/** Free text that may be left empty; empty is stored as null. */
export const optionalText = (max: number) =>
  z
    .string({ message: "Vul tekst in of laat het veld leeg." })
    .trim()
    .max(max, `Hoogstens ${max} tekens.`)
    .nullish()
    .transform((value) => value || null);

/** The code devices, tills and integrations use for a site, item or promotion; fixed once created. */
export const codeSchema = (max: number) =>
  z
    .string({ message: "Vul een code in." })
    .trim()
    .toLowerCase()
    .min(1, "Vul een code in.")
    .max(max, `Hoogstens ${max} tekens.`)
    .regex(
      /^[a-z0-9][a-z0-9-]*$/,
      "Gebruik kleine letters, cijfers en streepjes; begin met een letter of cijfer.",
    );

/** A euro amount typed the Dutch way ("12,95", "€ 1.250") → integer cents. */
export const euroInputSchema = z
  .string({ message: "Vul een bedrag in, bijvoorbeeld 12,95." })
  .transform((value, ctx) => {
    const cents = parseEuroInput(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "Vul een bedrag in, bijvoorbeeld 12,95." });
      return z.NEVER;
    }
    if (cents < 0) {
      ctx.addIssue({ code: "custom", message: "Een bedrag kan niet negatief zijn." });
      return z.NEVER;
    }
    if (cents > 10_000_000) {
      ctx.addIssue({ code: "custom", message: "Hoogstens € 100.000,00." });
      return z.NEVER;
    }
    return cents;
  });

/** A calendar date as a date input gives it: YYYY-MM-DD, and a day that exists. */
export const dateSchema = z
  .string({ message: "Vul een datum in." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Vul een datum in.", abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { message: "Deze datum bestaat niet.", abort: true },
  )
  // Promotions and the like run in this century; year 1 or 9999 is a typing error.
  .refine((value) => value >= "2000-01-01" && value <= "2099-12-31", "Kies een datum tussen 2000 en 2099.");

export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `Vul ${label} in.` })
    .int(`${label[0].toUpperCase()}${label.slice(1)} moet een heel getal zijn.`)
    .min(min, `Minimaal ${min}.`)
    .max(max, `Maximaal ${max}.`);

export const activeSchema = z.boolean({ message: "Kies actief of niet actief." });

/** Deactivating or reactivating a row from a list, without opening its form. */
export const activeChangeSchema = z.object({ active: activeSchema, version: versionSchema });
export type ActiveChange = z.infer<typeof activeChangeSchema>;
