import type { MailMessageDetail, MailMessageSummary, MailStatus } from "../../shared/admin/mail.ts";
import { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, idParameter, jsonAnswer, signedInErrors } from "../http/openapi-schema.ts";

// OpenAPI path items of /api/admin/mail: how mail leaves the server and the postbox of the SMTP server inside
// the app (development and demo without SMTP_URL). Beheerders only.

const statusSchema: z.ZodType<MailStatus> = z.object({
  mode: z
    .enum(["smtp", "inbox", "off"])
    .describe("smtp: via SMTP_URL; inbox: het postvak in de app; off: uit"),
  from: z.string().describe("MAIL_FROM"),
});

const summary = {
  id: z.number().int(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
};
const summarySchema: z.ZodType<MailMessageSummary> = z.object(summary);
const detailSchema: z.ZodType<MailMessageDetail> = z.object({
  ...summary,
  text: z.string().nullable(),
  html: z.string().nullable(),
  messageId: z.string().nullable(),
  attachments: z.array(z.string()).describe("Bestandsnamen van de bijlagen"),
});

const operation = (summaryText: string, answer: object, extra: object = {}) => ({
  tags: ["admin"],
  summary: summaryText,
  ...access.admin,
  responses: { ...answer, ...signedInErrors },
  ...extra,
});

export const mailOpenApiPaths = {
  "/api/admin/mail/status": {
    get: operation("Hoe de server e-mail verstuurt", { "200": jsonAnswer("De stand.", statusSchema) }),
  },
  "/api/admin/mail/messages": {
    get: operation(
      "Postvak: de berichten die de SMTP-server in de app ontving, nieuwste eerst",
      {
        "200": jsonAnswer("De berichten (zonder inhoud).", z.array(summarySchema)),
        "422": errorAnswer("Ongeldige limit (1–500)."),
      },
      { parameters: [{ name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 500 } }] },
    ),
  },
  "/api/admin/mail/messages/{id}": {
    get: operation(
      "Eén bericht uit het postvak, met het HTML- en tekstdeel",
      {
        "200": jsonAnswer("Het bericht.", detailSchema),
        "404": errorAnswer("Dit bericht bestaat niet (meer)."),
      },
      { parameters: [idParameter] },
    ),
  },
};
