import {
  DIMENSION_KEYS,
  DIMENSIONS,
  type DimensionKey,
  tableQuerySchema,
} from "../../shared/reports/dimensions.ts";
import type { ReportEnvelope, ReportsIndex } from "../../shared/reports/envelope.ts";
import {
  COMPARISONS,
  GRANULARITIES,
  PERIOD_PRESETS,
  reportQuerySchema,
} from "../../shared/reports/filters.ts";
import { savedViewInputSchema } from "../../shared/reports/saved-views.ts";
import { z } from "../../shared/zod-nl.ts";
import {
  access,
  errorAnswer,
  idParameter,
  jsonAnswer,
  jsonBody,
  signedInErrors,
} from "../http/openapi-schema.ts";
import { REPORT_IDS } from "./registry.ts";

// OpenAPI path items of /api/reports, the query parameters generated from the schema the endpoint
// validates with (and the web app reads its URL with). Both roles may read every report.

const unit = z.enum(["count", "eur_cents", "percent", "seconds", "ratio"]);
const direction = z.enum(["up", "down", "neutral"]);
const day = z.string().describe("Lokale datum YYYY-MM-DD (Europe/Amsterdam)");
const cell = z.union([z.string(), z.number(), z.null()]);
const site = z.object({ code: z.string(), name: z.string() });

const envelopeSchema: z.ZodType<ReportEnvelope> = z.object({
  report: z.string(),
  period: z.object({
    from: day,
    to: day,
    preset: z.enum(PERIOD_PRESETS),
    granularity: z.enum(GRANULARITIES),
    start: z.string().describe("Het eerste moment dat meetelt (ISO 8601)"),
    end: z.string().describe("Het einde: het eind van `to`, of nu als dat eerder is"),
  }),
  comparison: z
    .object({
      from: day,
      to: day,
      mode: z.enum(COMPARISONS).exclude(["none"]),
      start: z.string(),
      end: z.string(),
    })
    .nullable(),
  sites: z.array(site),
  dimensions: z
    .partialRecord(z.enum(DIMENSION_KEYS as [DimensionKey, ...DimensionKey[]]), z.string())
    .describe("De drill-down- en dimensiefilters waarmee het rapport is gemaakt"),
  kpis: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: z.number().nullable(),
      previous: z.number().nullable(),
      unit,
      good: direction.optional(),
      hint: z.string().optional(),
      empty: z.string().optional().describe("Waarom value leeg is, als dat zo is"),
      detail: z.string().optional().describe("Een regel onder het getal: een interval, hoe de dag loopt"),
      isChange: z
        .literal(true)
        .optional()
        .describe("Het getal is zelf een verandering (t.o.v. een jaar eerder, gecorrigeerd voor het weer)"),
    }),
  ),
  series: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      unit,
      axis: z.enum(["time", "category"]),
      granularity: z.enum(GRANULARITIES).optional(),
      points: z.array(
        z.object({
          x: z.string().describe("Begin van het tijdvak (2026-03-29, 2026-03-29T14:00) of een categorie"),
          value: z.number().nullable(),
          previous: z.number().nullable().optional(),
          px: z.string().optional(),
          expected: z
            .number()
            .nullable()
            .optional()
            .describe("Alleen reeksen van wassen: de verwachte wassen volgens de prognose"),
        }),
      ),
    }),
  ),
  tables: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      columns: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          type: z.union([unit, z.enum(["text", "datetime"])]),
          change: z.boolean().optional(),
          good: direction.optional(),
          hint: z.string().optional(),
          link: z
            .object({ report: z.string(), filters: z.record(z.string(), z.string()) })
            .optional()
            .describe("De cel leidt naar dit rapport, met de waarden van de rij als filters"),
          personal: z
            .literal("plate")
            .optional()
            .describe("Kentekens: gemaskeerd voor wie ze niet heel mag zien"),
        }),
      ),
      rows: z.array(z.record(z.string(), cell)),
      totals: z.record(z.string(), cell).nullable(),
      cut: z
        .object({ shown: z.number(), total: z.number(), rest: z.record(z.string(), cell).nullable() })
        .optional()
        .describe("Een lange tabel: de grootste `shown` van `total` rijen, de rest samen in `rest`"),
      searchable: z.boolean().optional(),
    }),
  ),
  extra: z.unknown().optional().describe("Rapport-eigen gegevens: sankey, heatmap, kaart, experimenten"),
  syncedUpTo: z
    .string()
    .optional()
    .describe(
      "Alleen als de sommen niet met elk feit van het verzoek bijgewerkt waren (een stroom nieuwe gegevens, aan de achtergrond overgelaten): tot wanneer ze dat wel waren.",
    ),
});

const savedViewSchema = savedViewInputSchema.extend({ id: z.number(), createdAt: z.string() });

const indexSchema: z.ZodType<ReportsIndex> = z.object({
  reports: z.array(z.string()),
  sites: z.array(site.extend({ city: z.string(), active: z.boolean() })),
  programmes: z.array(site.extend({ active: z.boolean() })),
});

const { properties } = z.toJSONSchema(reportQuerySchema, { io: "input" }) as {
  properties: Record<string, object>;
};

const DESCRIPTIONS: Record<string, string> = {
  period:
    "Vaste periode, steeds opnieuw berekend vanaf vandaag (Europe/Amsterdam); weken zijn ISO-weken, maandag " +
    "tot en met zondag. this-week, this-month, this-quarter en this-year lopen tot nu. Zonder period maar " +
    "met from/to is het een aangepaste periode (standaard last-30-days).",
  from: "Eerste dag (lokale datum, Europe/Amsterdam) van een aangepaste periode.",
  to: "Laatste dag, inclusief.",
  compare:
    "Vergelijken met de vorige periode (bij een week de week ervoor, bij een maand, kwartaal of jaar het " +
    "vorige), hetzelfde tijdvak een jaar eerder (bij een week dezelfde ISO-week, maandag op maandag), of niet.",
  granularity: "Emmers van de tijdreeksen; standaard passend bij de lengte van de periode. Uur tot 31 dagen.",
  site: "Codes van één of meer vestigingen, gescheiden door komma's (utrecht,zeist); zonder: alle vestigingen.",
};

const table = z.toJSONSchema(tableQuerySchema, { io: "input" }) as { properties: Record<string, object> };
const parameters = [
  ...Object.entries(properties).map(([name, schema]) => ({ name, schema, description: DESCRIPTIONS[name] })),
  ...DIMENSION_KEYS.map((name) => ({
    name,
    schema: z.toJSONSchema(DIMENSIONS[name].value, { io: "input" }),
    description: `${DIMENSIONS[name].label}: alleen bij rapporten die dit filter kennen (de catalogus); anders 422.`,
  })),
  { name: "search", schema: table.properties.search, description: "Zoektekst voor een lange tabel." },
  { name: "rows", schema: table.properties.rows, description: "all: de hele lange tabel (voor de CSV)." },
  {
    name: "table",
    schema: { type: "string" },
    description: "Alleen bij <id>.csv: de sleutel van de tabel in het bestand; standaard de eerste.",
  },
].map((parameter) => ({ ...parameter, in: "query", required: false }));

export const reportsOpenApiPaths = {
  "/api/reports": {
    get: {
      tags: ["reports"],
      summary: "Rapporten en vestigingen voor de filterbalk",
      ...access.reports,
      responses: { "200": jsonAnswer("Rapport-ids en vestigingen.", indexSchema), ...signedInErrors },
    },
  },
  "/api/reports/{id}": {
    get: {
      tags: ["reports"],
      summary: "Een rapport: periode, vergelijking, KPI's, tijdreeksen en tabellen",
      description:
        "Met `.xlsx` achter de id (`trx-sales.xlsx`) een Excel-werkmap (KPI's, verloop, een blad per tabel); met `.csv` één tabel als CSV met Nederlandse instellingen (`table=`). Bestanden bevatten elke rij.",
      ...access.reports,
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string", enum: REPORT_IDS } },
        ...parameters,
      ],
      responses: {
        "200": jsonAnswer("De envelop; de server-timing-header noemt de rekentijd.", envelopeSchema),
        ...signedInErrors,
        "404": errorAnswer("Dit rapport bestaat niet."),
        "422": errorAnswer(
          "Ongeldige filters: fields[] noemt per veld het pad (from, to, granularity, site …).",
        ),
      },
    },
  },
  "/api/saved-views": {
    get: {
      tags: ["reports"],
      summary: "Mijn opgeslagen weergaven (van één rapport met ?report=)",
      ...access.analyst,
      parameters: [{ name: "report", in: "query", required: false, schema: { type: "string" } }],
      responses: {
        "200": jsonAnswer("Alleen de eigen weergaven.", z.array(savedViewSchema)),
        ...signedInErrors,
      },
    },
    post: {
      tags: ["reports"],
      summary: "Een weergave opslaan: naam, rapport en query string (de filters)",
      ...access.analyst,
      requestBody: jsonBody(savedViewInputSchema),
      responses: {
        "201": jsonAnswer("De opgeslagen weergave.", savedViewSchema),
        ...signedInErrors,
        "422": errorAnswer("Ongeldig: fields[] noemt het pad (name, report, query.site …)."),
      },
    },
  },
  "/api/saved-views/{id}": {
    delete: {
      tags: ["reports"],
      summary: "Een eigen weergave verwijderen",
      ...access.analyst,
      parameters: [idParameter],
      responses: {
        "204": { description: "Verwijderd." },
        ...signedInErrors,
        "404": errorAnswer("Geen eigen weergave met dit id."),
      },
    },
  },
};
