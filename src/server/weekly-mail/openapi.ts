import {
  type WeeklyMailOverview,
  type WeeklyRecipient,
  weeklyPreviewSchema,
  weeklyRecipientInputSchema,
} from "../../shared/admin/mail.ts";
import { z } from "../../shared/zod-nl.ts";
import {
  access,
  errorAnswer,
  idParameter,
  jsonAnswer,
  jsonBody,
  signedInErrors,
} from "../http/openapi-schema.ts";

// OpenAPI path items of the Monday e-mail: its recipients and previews (/api/admin/weekly-mail, beheerders)
// and the public opt-out link in every mail (/mail/afmelden, an HTML page; the signed token is the proof).

const recipientSchema: z.ZodType<WeeklyRecipient> = z.object({
  id: z.number().int(),
  email: z.string(),
  siteIds: z.array(z.number().int()).describe("Leeg: de hele keten"),
  siteNames: z.array(z.string()),
  createdAt: z.string(),
  unsubscribedAt: z.string().nullable().describe("Afgemeld via de link in de mail"),
  lastWeekSent: z.string().nullable().describe("Maandag van de laatst verstuurde week"),
});

const overviewSchema: z.ZodType<WeeklyMailOverview> = z.object({
  recipients: z.array(recipientSchema),
  next: z.object({ weekFrom: z.string(), weekTo: z.string(), isoWeek: z.number().int(), sendAt: z.string() }),
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
});

const previewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  messageId: z.string(),
  mode: z.enum(["smtp", "inbox", "off"]),
});

const operation = (summary: string, answer: object, extra: object = {}) => ({
  tags: ["admin"],
  summary,
  ...access.admin,
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

export const weeklyMailOpenApiPaths = {
  "/api/admin/weekly-mail": {
    get: operation("Maandagmail: ontvangers, volgende verzending en de vestigingen om uit te kiezen", {
      "200": jsonAnswer("Het overzicht.", overviewSchema),
    }),
  },
  "/api/admin/weekly-mail/recipients": {
    post: operation(
      "Maandagmail: een ontvanger toevoegen (in de auditlog)",
      {
        "201": jsonAnswer("De nieuwe ontvanger.", recipientSchema),
        "409": errorAnswer("Dit adres krijgt de maandagmail al (fields[].path = email)."),
        "422": errorAnswer("Ongeldig e-mailadres of onbekende vestiging (fields[].path)."),
      },
      { requestBody: jsonBody(weeklyRecipientInputSchema) },
    ),
  },
  "/api/admin/weekly-mail/recipients/{id}": {
    delete: operation(
      "Maandagmail: een ontvanger verwijderen (in de auditlog)",
      { "204": { description: "Verwijderd." }, "404": errorAnswer("Deze ontvanger bestaat niet (meer).") },
      { parameters: [idParameter] },
    ),
  },
  "/api/admin/weekly-mail/preview": {
    post: operation(
      "Maandagmail: nu een voorbeeld van vorige week naar jezelf sturen",
      {
        "200": jsonAnswer("Verstuurd.", previewSchema),
        "404": errorAnswer("Deze ontvanger bestaat niet (meer)."),
        "409": errorAnswer("E-mail staat uit: geen SMTP_URL (code mail_off)."),
      },
      { requestBody: jsonBody(weeklyPreviewSchema) },
    ),
  },
  "/mail/afmelden": {
    get: {
      tags: ["admin"],
      summary: "Afmeldlink van de maandagmail: vraagt om bevestiging (HTML)",
      ...access.public,
      parameters: [tokenParameter],
      responses: { "200": htmlPage("De vraag, met een knop."), "404": htmlPage("Ongeldige link.") },
    },
    post: {
      tags: ["admin"],
      summary: "Afmelden voor de maandagmail (ook one-click, RFC 8058)",
      ...access.public,
      parameters: [tokenParameter],
      responses: { "200": htmlPage("Afgemeld."), "404": htmlPage("Ongeldige link.") },
    },
  },
};
