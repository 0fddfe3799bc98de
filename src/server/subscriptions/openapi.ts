import {
  CADENCES,
  type Subscription,
  type SubscriptionsOverview,
  subscriptionInputSchema,
} from "../../shared/reports/subscriptions.ts";
import { z } from "../../shared/zod-nl.ts";
import {
  access,
  errorAnswer,
  idParameter,
  jsonAnswer,
  jsonBody,
  signedInErrors,
} from "../http/openapi-schema.ts";

// OpenAPI path items of report subscriptions (/api/subscriptions, every signed-in person; a beheerder sees
// all and may name recipients) and the public opt-out link in their mails (an HTML page).

const subscriptionSchema: z.ZodType<Subscription> = z.object({
  id: z.number().int(),
  report: z.string(),
  query: z.string().describe("De querystring van het scherm; relatieve perioden blijven relatief"),
  name: z.string(),
  ownerEmail: z.string(),
  cadence: z.enum(CADENCES),
  weekday: z.number().int().nullable().describe("Wekelijks: 1 = maandag … 7 = zondag"),
  monthDay: z
    .number()
    .int()
    .nullable()
    .describe("Maandelijks: dag 1–31; na het einde van een korte maand de laatste dag"),
  hour: z.number().int().describe("Uur, Europe/Amsterdam"),
  createdAt: z.string(),
  next: z.string().describe("De volgende verzending (ISO)"),
  recipients: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      createdAt: z.string(),
      unsubscribedAt: z.string().nullable(),
      lastSlotSent: z.string().nullable(),
    }),
  ),
});

const overviewSchema: z.ZodType<SubscriptionsOverview> = z.object({
  me: z.object({ email: z.string(), role: z.enum(["beheerder", "analist"]) }),
  subscriptions: z.array(subscriptionSchema),
});

const operation = (summary: string, answer: object, extra: object = {}) => ({
  tags: ["reports"],
  summary,
  ...access.analyst,
  responses: { ...answer, ...signedInErrors },
  ...extra,
});

const tokenParameter = {
  name: "token",
  in: "query",
  required: true,
  description: "Uit de afmeldlink in de mail: ontvanger-id en HMAC.",
  schema: { type: "string" },
};
const htmlPage = (description: string) => ({
  description,
  content: { "text/html": { schema: { type: "string" } } },
});

export const subscriptionsOpenApiPaths = {
  "/api/subscriptions": {
    get: operation("Abonnementen: de eigen (beheerder: alle), met de volgende verzending", {
      "200": jsonAnswer("Het overzicht.", overviewSchema),
    }),
    post: operation(
      "Abonneren op een rapport of weergave (in de auditlog); de eerste mail is het eerstvolgende tijdstip",
      {
        "201": jsonAnswer("Het nieuwe abonnement.", subscriptionSchema),
        "403": errorAnswer("Alleen een beheerder noemt andere ontvangers (fields[].path = recipients)."),
        "422": errorAnswer("Ongeldige invoer (fields[].path, bv. recipients.0, weekday, query.site)."),
      },
      { requestBody: jsonBody(subscriptionInputSchema) },
    ),
  },
  "/api/subscriptions/{id}": {
    delete: operation(
      "Een abonnement opzeggen (in de auditlog)",
      { "204": { description: "Verwijderd." }, "404": errorAnswer("Dit abonnement bestaat niet (meer).") },
      { parameters: [idParameter] },
    ),
  },
  "/api/subscriptions/{id}/send": {
    post: operation(
      "Nu versturen, buiten het schema om",
      {
        "200": jsonAnswer(
          "Verstuurd.",
          z.object({ to: z.array(z.string()), mode: z.enum(["smtp", "inbox", "off"]) }),
        ),
        "404": errorAnswer("Dit abonnement bestaat niet (meer)."),
        "409": errorAnswer("E-mail staat uit: geen SMTP_URL (code mail_off)."),
      },
      { parameters: [idParameter] },
    ),
  },
  "/mail/abonnement-afmelden": {
    get: {
      tags: ["reports"],
      summary: "Afmeldlink van een abonnement: vraagt om bevestiging (HTML)",
      ...access.public,
      parameters: [tokenParameter],
      responses: { "200": htmlPage("De vraag, met een knop."), "404": htmlPage("Ongeldige link.") },
    },
    post: {
      tags: ["reports"],
      summary: "Afmelden voor een abonnement (ook one-click, RFC 8058)",
      ...access.public,
      parameters: [tokenParameter],
      responses: { "200": htmlPage("Afgemeld."), "404": htmlPage("Ongeldige link.") },
    },
  },
};
