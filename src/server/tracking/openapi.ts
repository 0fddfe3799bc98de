import { collectPayloadSchema } from "../../shared/collect.ts";
import { access, errorAnswer, jsonSchema } from "../http/openapi-schema.ts";

// OpenAPI path items of the public website tracking: the script and the endpoint it sends events to. No
// token: /api/collect admits only the origins in TRACKING_ORIGINS.

const originHeader = {
  name: "Origin",
  in: "header",
  required: true,
  description: "De website die het event stuurt; moet in TRACKING_ORIGINS staan.",
  schema: { type: "string" },
};

export const trackingOpenApiPaths = {
  "/t.js": {
    get: {
      tags: ["tracking"],
      summary: "Het trackingscript voor de website",
      description:
        "Een dag te cachen, met ETag; gzip als de browser het vraagt. Zie de README voor het insluiten.",
      ...access.public,
      responses: {
        "200": { description: "Het script.", content: { "text/javascript": { schema: { type: "string" } } } },
        "304": { description: "Ongewijzigd (If-None-Match)." },
      },
    },
  },
  "/api/collect": {
    options: {
      tags: ["tracking"],
      summary: "CORS-preflight voor /api/collect",
      ...access.public,
      parameters: [originHeader],
      responses: {
        "204": { description: "Toegestaan: Access-Control-Allow-Origin is de Origin." },
        "403": errorAnswer("Deze website mag geen events sturen."),
      },
    },
    post: {
      tags: ["tracking"],
      summary: "Eén event van de website (pageview, experiment, conversion, voucher, leave)",
      description:
        "Zonder cookies en zonder IP-adressen op te slaan. Bots worden geteld en niet opgeslagen. Het antwoord komt na het vastleggen.",
      ...access.public,
      parameters: [originHeader],
      requestBody: {
        required: true,
        description: "JSON; de browser stuurt het met sendBeacon als text/plain.",
        content: {
          "application/json": { schema: jsonSchema(collectPayloadSchema) },
          "text/plain": { schema: jsonSchema(collectPayloadSchema) },
        },
      },
      responses: {
        "202": { description: "Opgeslagen." },
        "204": { description: "Een bot: geteld, niet opgeslagen." },
        "400": errorAnswer("Ongeldig event (fields[] met het pad), of de url hoort niet bij de Origin."),
        "403": errorAnswer("Deze website mag geen events sturen."),
        "413": errorAnswer("Groter dan 16 kB."),
        "429": errorAnswer("Te veel events van deze bezoeker; Retry-After noemt de seconden."),
      },
    },
  },
};
