import { adminOpenApiPaths } from "../admin/openapi.ts";
import { alertsOpenApiPaths } from "../alerts/openapi.ts";
import { annotationsOpenApiPaths } from "../annotations/openapi.ts";
import { experimentsOpenApiPaths } from "../experiments/openapi.ts";
import { errorBodySchema, jsonSchema, securitySchemes } from "../http/openapi-schema.ts";
import { importsOpenApiPaths } from "../imports/openapi.ts";
import { ingestOpenApiPaths } from "../ingest/openapi.ts";
import { mailOpenApiPaths } from "../mail/openapi.ts";
import { privacyOpenApiPaths } from "../privacy/openapi.ts";
import { reportTokensOpenApiPaths } from "../report-tokens/openapi.ts";
import { liveOpenApiPaths } from "../reports/live-openapi.ts";
import { reportsOpenApiPaths } from "../reports/openapi.ts";
import { subscriptionsOpenApiPaths } from "../subscriptions/openapi.ts";
import { targetsOpenApiPaths } from "../targets/openapi.ts";
import { trackingOpenApiPaths } from "../tracking/openapi.ts";
import { weatherOpenApiPaths } from "../weather/openapi.ts";
import { weeklyMailOpenApiPaths } from "../weekly-mail/openapi.ts";
import { appOpenApiPaths } from "./app-paths.ts";

// The OpenAPI document is built from the router: every method and path the app serves becomes an
// operation, described by the path items its module declares over its zod schemas. A route nobody described
// is reported (and fails the test that compares the two), a description without a route is left out.

type Operation = { parameters?: { name: string; in: string }[] } & Record<string, unknown>;
type PathItems = Record<string, Record<string, Operation>>;

const described: PathItems = {
  ...appOpenApiPaths,
  ...trackingOpenApiPaths,
  ...ingestOpenApiPaths,
  ...reportsOpenApiPaths,
  ...liveOpenApiPaths,
  ...experimentsOpenApiPaths,
  ...importsOpenApiPaths,
  ...adminOpenApiPaths,
  ...alertsOpenApiPaths,
  ...privacyOpenApiPaths,
  ...mailOpenApiPaths,
  ...weeklyMailOpenApiPaths,
  ...subscriptionsOpenApiPaths,
  ...annotationsOpenApiPaths,
  ...reportTokensOpenApiPaths,
  ...weatherOpenApiPaths,
  ...targetsOpenApiPaths,
};

const TAGS = [
  { name: "session", description: "Inloggen en wie er ingelogd is." },
  { name: "reports", description: "Rapporten: één envelop per rapport, met dezelfde filters overal." },
  { name: "experiments", description: "A/B-experimenten op de website." },
  {
    name: "admin",
    description: "Instellingen: gebruikers, items, acties, vestigingen, koppelingen, doelen. Beheerders.",
  },
  { name: "imports", description: "CSV-exports van advertentieplatforms en KNMI-weergegevens. Beheerders." },
  {
    name: "ingest",
    description: "Aanlevering door camera's, kassa's en advertentieplatforms, met een API-sleutel.",
  },
  { name: "tracking", description: "Websitetracking: het script en zijn events." },
  { name: "operations", description: "Gezondheid en dit document." },
];

const DESCRIPTION = `Alle aanroepen en antwoorden zijn JSON (UTF-8) tenzij anders vermeld.

Inloggen: personen sturen het access token van de identity provider als \`Authorization: Bearer …\`; wijzigende aanroepen (POST, PUT, DELETE) sturen ook de cookie \`XSRF-TOKEN\` (gezet door \`GET /api/config\`) terug als header \`X-XSRF-TOKEN\`. \`x-roles\` noemt per aanroep welke rollen hem mogen doen. Machines (camera's, kassa's) gebruiken een API-sleutel, te maken onder Instellingen → Koppelingen.

Fouten hebben altijd de vorm \`{ "error": { "code", "message", "fields": [{ "row"?, "path", "message" }] } }\`, met \`path\` het exacte veldpad. Elk antwoord draagt een \`X-Request-Id\` (of neemt die van het verzoek over), die ook in de serverlog staat.`;

/** Every operation some module describes, to find descriptions whose route is gone. */
export const describedOperations = (): RouteEntry[] =>
  Object.entries(described).flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })));

export interface RouteEntry {
  method: string;
  path: string;
}

/** The operations a client can call: the router's method/path pairs without middleware and fallbacks. */
export function servedOperations(routes: readonly RouteEntry[]): RouteEntry[] {
  const served = new Map<string, RouteEntry>();
  for (const route of routes) {
    // Hono's `:id{[0-9]+}` is OpenAPI's `{id}`; a `*` outside such a pattern is a middleware or fallback.
    const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
    if (route.method === "ALL" || path.includes("*")) continue;
    served.set(`${route.method} ${path}`, { method: route.method.toLowerCase(), path });
  }
  return [...served.values()];
}

/** Path parameters the description left out are still declared, as strings. */
function withPathParameters(operation: Operation, path: string): Operation {
  const declared = new Set((operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name));
  const missing = [...path.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .filter((name) => !declared.has(name))
    .map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  return missing.length
    ? { ...operation, parameters: [...missing, ...(operation.parameters ?? [])] }
    : operation;
}

export function buildOpenApiDocument(routes: readonly RouteEntry[], serverUrl: string) {
  const paths: PathItems = {};
  const undocumented: string[] = [];
  for (const { method, path } of servedOperations(routes)) {
    const operation = described[path]?.[method];
    if (!operation) {
      undocumented.push(`${method.toUpperCase()} ${path}`);
      continue;
    }
    paths[path] = { ...paths[path], [method]: withPathParameters(operation, path) };
  }
  const document = {
    openapi: "3.1.0",
    info: { title: "Wasbord API", version: "1", description: DESCRIPTION },
    servers: [{ url: serverUrl }],
    tags: TAGS,
    paths,
    components: { securitySchemes, schemas: { Error: jsonSchema(errorBodySchema, "output") } },
  };
  return { document, undocumented };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>["document"];
