import {
  type AdStatIngestRow,
  adStatIngestRowSchema,
  ingestResultSchema,
  MAX_BATCH_ROWS,
  type PlateReadRow,
  plateReadRowSchema,
  type TransactionRow,
  transactionRowSchema,
} from "../../shared/ingest.ts";
import {
  MAX_MEMBERSHIP_BATCH_ROWS,
  type MembershipEvent,
  membershipEventSchema,
} from "../../shared/membership-events.ts";
import { type WeatherForecastRow, weatherForecastRowSchema } from "../../shared/weather.ts";
import type { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, jsonSchema } from "../http/openapi-schema.ts";

// OpenAPI path items of /api/ingest/*, generated from the same zod schemas the endpoints validate with.

function batchEndpoint(
  summary: string,
  description: string,
  row: z.ZodType,
  example: unknown,
  maxRows = MAX_BATCH_ROWS,
) {
  const rowSchema = jsonSchema(row);
  const most = maxRows.toLocaleString("nl-NL");
  return {
    post: {
      tags: ["ingest"],
      summary,
      description: `${description} Een batch is een JSON-array of NDJSON (één rij per regel) van hoogstens ${most} rijen en 10 MB. Alle rijen worden eerst gecontroleerd; bij één ongeldige rij wordt niets opgeslagen. Het antwoord komt pas na het vastleggen (COMMIT).`,
      ...access.apiKey,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "array", maxItems: maxRows, items: rowSchema },
            example: [example],
          },
          "application/x-ndjson": {
            schema: { ...rowSchema, description: "Eén JSON-object per regel." },
            example: JSON.stringify(example),
          },
        },
      },
      responses: {
        "200": {
          description:
            "Opgeslagen. accepted: nieuw opgeslagen rijen; duplicates: eerder ontvangen rijen, overgeslagen.",
          content: {
            "application/json": {
              schema: jsonSchema(ingestResultSchema, "output"),
              example: { accepted: 1, duplicates: 0 },
            },
          },
        },
        "400": errorAnswer("De body is geen geldige JSON-array."),
        "401": errorAnswer("Geen, een ongeldige of een ingetrokken API-sleutel."),
        "403": errorAnswer("De sleutel geldt niet voor dit endpoint of voor de vestiging van een rij."),
        "413": errorAnswer(`Meer dan ${most} rijen of 10 MB.`),
        "415": errorAnswer("Content-Type is geen application/json of application/x-ndjson."),
        "422": errorAnswer("Ongeldige rijen (met rij, veldpad en melding); niets is opgeslagen."),
        "503": errorAnswer(
          "De opslag van de server is vol (`storage_full`); niets is opgeslagen. Opnieuw na Retry-After.",
        ),
      },
    },
  };
}

const plateReadExample: PlateReadRow = {
  eventId: "zeist-cam-1-000184467",
  site: "zeist",
  readAt: "2026-03-02T08:15:31+01:00",
  lane: 1,
  camera: "zeist-cam-1",
  plate: "GBB-01-B",
  confidence: 0.94,
  direction: "in",
};

const transactionExample: TransactionRow = {
  eventId: "kassa-zeist-2026-03-02-0042",
  site: "zeist",
  occurredAt: "2026-03-02T08:17:05+01:00",
  plate: "GBB-01-B",
  paymentMethod: "pin",
  salesChannel: "site",
  lines: [
    { item: "premium", quantity: 1, unitPriceCents: 1800 },
    { item: "velgen", quantity: 1, unitPriceCents: 300 },
  ],
  discountCents: 500,
  totalCents: 1600,
  voucherCode: "FB-7K2M-Q9XD",
  promotion: null,
  customerPostcode: "3701",
};

const adStatExample: AdStatIngestRow = {
  platform: "google_ads",
  account: "123-456-7890",
  date: "2026-03-01",
  campaign: "Zoeken - wasstraat",
  adGroup: "Wasstraat Zeist",
  ad: null,
  keyword: "wasstraat zeist",
  matchType: "phrase",
  qualityScore: 7,
  affiliate: null,
  impressions: 1840,
  reach: null,
  clicks: 96,
  spendCents: 5412,
  conversions: 7.5,
  conversionValueCents: 13200,
};

const membershipExample: MembershipEvent = {
  eventId: "kassa-abo-2026-03-02-0007",
  memberId: "ABO-10482",
  type: "signup",
  at: "2026-03-02T08:20:00+01:00",
  site: "zeist",
  plan: "onbeperkt-premium",
  plates: ["GBB-01-B"],
  channel: "site",
  voucherCode: "FB-7K2M-Q9XD",
};

const weatherExample: WeatherForecastRow = {
  site: "zeist",
  date: "2026-03-03",
  tempC: 7.5,
  rainMm: 2.4,
  sunshineH: 3.1,
};

export const ingestOpenApiPaths = {
  "/api/ingest/plate-reads": batchEndpoint(
    "Kentekenlezingen aanleveren",
    "Lezingen van de ingangscamera's. Kentekens worden genormaliseerd en waar de zijcode het eenduidig maakt gecorrigeerd (0/O, 1/I, 8/B, 5/S); een lege lezing is een no-read. Een eventId dat voor dezelfde vestiging al is ontvangen, telt als duplicaat.",
    plateReadRowSchema,
    plateReadExample,
  ),
  "/api/ingest/transactions": batchEndpoint(
    "Transacties aanleveren",
    "Verkopen met hun regels. De regels min de korting moeten precies het totaal zijn; onbekende vestigings-, artikel- of actiecodes zijn fouten. Een gebruikte vouchercode wordt als ingewisseld geboekt.",
    transactionRowSchema,
    transactionExample,
  ),
  "/api/ingest/ad-stats": batchEndpoint(
    "Advertentiecijfers aanleveren",
    "Dagcijfers per platform, campagne, advertentiegroep, advertentie of zoekwoord. Een rij wordt herkend aan die sleutel: dezelfde cijfers nogmaals zijn een duplicaat, gewijzigde cijfers vervangen de opgeslagen.",
    adStatIngestRowSchema,
    adStatExample,
  ),
  "/api/ingest/memberships": batchEndpoint(
    "Abonnementsgebeurtenissen aanleveren",
    "Gebeurtenissen van abonnementen (onbeperkt wassen) uit het kassasysteem: signup (plan en 1–3 kentekens verplicht; channel site/online/app en voucherCode mogen), charge (amountCents incl. btw verplicht), decline (reason mag), cancel (initiatedBy member of system verplicht; reason mag), pause, resume, plan_change (plan verplicht) en plate_change (kentekens verplicht). Een veld dat niet bij het type hoort, wordt geweigerd. plan is de code van een item van de soort abonnement (Instellingen › Items); site is een vestigingscode of null (online of app). Kentekens worden genormaliseerd en gecorrigeerd zoals kentekenlezingen. Gebeurtenissen worden opgeslagen zoals ze komen, ook in een andere volgorde dan ze gebeurden. Een eventId dat al is ontvangen (in deze of een eerdere batch) telt als duplicaat. Sleutel met bereik memberships of all.",
    membershipEventSchema,
    membershipExample,
    MAX_MEMBERSHIP_BATCH_ROWS,
  ),
  "/api/ingest/weather": batchEndpoint(
    "Weerverwachting aanleveren",
    "De verwachting per vestiging en dag voor de komende dagen (vandaag tot 16 dagen vooruit): gemiddelde temperatuur (°C), neerslag (mm) en zonneschijn (uur), null als onbekend. Een latere verwachting voor dezelfde vestiging en dag vervangt de eerdere; dezelfde cijfers nogmaals tellen als duplicaat. Dezelfde vestiging en dag twee keer in één batch is een fout. Sleutel met bereik weather of all.",
    weatherForecastRowSchema,
    weatherExample,
  ),
};
