import { reportQuerySchema } from "../../shared/reports/filters.ts";
import { z } from "../../shared/zod-nl.ts";
import { REPORT_IDS } from "./registry.ts";

// OpenAPI 3.1 path items of /api/reports, the query parameters generated from the schema the endpoint
// validates with (and the web app reads its URL with). Both roles may read every report.

const { properties } = z.toJSONSchema(reportQuerySchema, { io: "input" }) as {
  properties: Record<string, object>;
};

const DESCRIPTIONS: Record<string, string> = {
  period:
    "Vaste periode; zonder period maar met from/to is het een aangepaste periode (standaard last-30-days).",
  from: "Eerste dag (lokale datum, Europe/Amsterdam) van een aangepaste periode.",
  to: "Laatste dag, inclusief.",
  compare: "Vergelijken met de vorige periode, hetzelfde tijdvak een jaar eerder, of niet.",
  granularity: "Emmers van de tijdreeksen; standaard passend bij de lengte van de periode. Uur tot 31 dagen.",
  site: "Code van één vestiging; zonder: alle vestigingen.",
};

const parameters = Object.entries(properties).map(([name, schema]) => ({
  name,
  in: "query",
  required: false,
  description: DESCRIPTIONS[name],
  schema,
}));

const answer = (description: string) => ({ description, content: { "application/json": {} } });

export const reportsOpenApiPaths = {
  "/api/reports": {
    get: {
      tags: ["reports"],
      summary: "Rapporten en vestigingen voor de filterbalk",
      security: [{ userBearer: [] }],
      responses: { "200": answer("{ reports: string[], sites: [{ code, name, city, active }] }") },
    },
  },
  "/api/reports/{id}": {
    get: {
      tags: ["reports"],
      summary: "Een rapport: { period, comparison, site, kpis, series, tables, extra? }",
      security: [{ userBearer: [] }],
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string", enum: REPORT_IDS } },
        ...parameters,
      ],
      responses: {
        "200": answer("De envelop: KPI's (value, previous, unit), tijdreeksen, tabellen met totalen."),
        "401": { description: "Geen of een verlopen token." },
        "403": { description: "Niet op de lijst van gebruikers." },
        "404": { description: "Dit rapport bestaat niet." },
        "422": {
          description: "Ongeldige filters: fields[] noemt per veld het pad (from, to, granularity, site …).",
        },
      },
    },
  },
};
