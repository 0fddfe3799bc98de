import { roles } from "../../shared/admin/users.ts";
import { z } from "../../shared/zod-nl.ts";
import { access, jsonAnswer, signedInErrors } from "../http/openapi-schema.ts";

// OpenAPI path items of the routes the app itself defines (app.ts): health, runtime configuration, the
// signed-in person, and this document.

const configSchema = z.object({
  authorizeUrl: z.string().describe("authorization_endpoint van de identity provider"),
  logoutUrl: z.string().nullable(),
  clientId: z.string(),
  audience: z.string(),
  responseType: z.string().describe('"token" of "id_token token" (impliciete flow)'),
  scope: z.string(),
  apiBaseUrl: z.string(),
  cdnBaseUrl: z.string(),
});

const meSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  role: z.enum(roles),
});

const okSchema = z.object({ status: z.literal("ok") });
const unavailableSchema = z.object({ status: z.literal("unavailable"), reason: z.string() });

export const appOpenApiPaths = {
  "/healthz": {
    get: {
      tags: ["operations"],
      summary: "Leeft de server? Raakt de database niet aan (voor de supervisor)",
      description:
        "Goedkoop, hoe vaak ook gevraagd. 503 alleen wanneer de database na een fatale fout ongeldig is en het proces stopt.",
      ...access.public,
      responses: {
        "200": jsonAnswer("In orde.", okSchema),
        "503": jsonAnswer("Het proces stopt.", unavailableSchema),
      },
    },
  },
  "/readyz": {
    get: {
      tags: ["operations"],
      summary:
        "Klaar voor verkeer? De database leest en schrijft, de rapporttabellen zijn opgebouwd en de prognoses van vandaag berekend",
      description:
        "Wat een load balancer vraagt. 503 na een start tot de rapporttabellen en de prognoses van vandaag klaar zijn, en bij een volle schijf.",
      ...access.public,
      responses: {
        "200": jsonAnswer("Klaar.", okSchema),
        "503": jsonAnswer("Nog niet of niet meer klaar; `reason` zegt waarom.", unavailableSchema),
      },
    },
  },
  "/api/config": {
    get: {
      tags: ["session"],
      summary: "Instellingen voor de web-app: waar en hoe inloggen",
      description:
        "Openbaar: er staat geen geheim in. Zet ook de cookie XSRF-TOKEN voor wijzigende aanroepen.",
      ...access.public,
      responses: { "200": jsonAnswer("De instellingen.", configSchema) },
    },
  },
  "/api/me": {
    get: {
      tags: ["session"],
      summary: "Wie er ingelogd is, met zijn rol; legt het inloggen vast",
      ...access.analyst,
      responses: { "200": jsonAnswer("De ingelogde gebruiker.", meSchema), ...signedInErrors },
    },
  },
  "/api/openapi.json": {
    get: {
      tags: ["operations"],
      summary: "Dit document (OpenAPI 3.1), opgebouwd uit de routes van de server",
      ...access.public,
      responses: { "200": { description: "Het document.", content: { "application/json": {} } } },
    },
  },
  "/api/docs": {
    get: {
      tags: ["operations"],
      summary: "Dit document als leesbare pagina",
      ...access.public,
      responses: {
        "200": { description: "HTML.", content: { "text/html": { schema: { type: "string" } } } },
      },
    },
  },
};
