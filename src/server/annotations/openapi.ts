import {
  type Annotation,
  type AnnotationsAnswer,
  annotationKinds,
  annotationsQuerySchema,
  noteCreateSchema,
} from "../../shared/annotations/annotations.ts";
import { z } from "../../shared/zod-nl.ts";
import {
  access,
  errorAnswer,
  idParameter,
  jsonAnswer,
  jsonBody,
  jsonSchema,
  signedInErrors,
} from "../http/openapi-schema.ts";

// OpenAPI path items of /api/annotations: both roles read, beheerders add and delete notes.

const annotationSchema: z.ZodType<Annotation> = z.object({
  kind: z.enum(annotationKinds),
  date: z.string().describe("Lokale datum (YYYY-MM-DD) waarop de markering staat"),
  from: z.string().nullable().describe("Gat in de gegevens: eerste stille openingsuur, YYYY-MM-DDTHH:00"),
  to: z.string().nullable().describe("Gat in de gegevens: laatste stille openingsuur"),
  site: z.object({ code: z.string(), name: z.string() }).nullable(),
  text: z.string(),
  id: z.number().int().nullable().describe("Id van een notitie; null bij automatische markeringen"),
  createdBy: z.string().nullable(),
});

const answerSchema: z.ZodType<AnnotationsAnswer> = z.object({
  annotations: z.array(annotationSchema),
  editable: z.boolean().describe("Of de aanroeper notities mag toevoegen en verwijderen (beheerder)"),
});

const { properties: query } = jsonSchema(annotationsQuerySchema) as { properties: Record<string, object> };
const invalid = {
  "422": errorAnswer("Ongeldige invoer: fields[] noemt per veld het pad (date, site, text)."),
};

export const annotationsOpenApiPaths = {
  "/api/annotations": {
    get: {
      tags: ["reports"],
      summary: "Markeringen op de tijdas: feestdagen, acties, gaten in de gegevens en notities",
      ...access.analyst,
      parameters: Object.entries(query).map(([name, schema]) => ({
        name,
        in: "query",
        required: name !== "site",
        schema,
        ...(name === "site" && { description: "Eén of meer vestigingscodes, gescheiden door komma's" }),
      })),
      responses: {
        "200": jsonAnswer("De markeringen, op datum.", answerSchema),
        ...invalid,
        ...signedInErrors,
      },
    },
    post: {
      tags: ["reports"],
      summary: "Een notitie toevoegen (datum, eventueel vestiging, tekst van hoogstens 200 tekens)",
      ...access.admin,
      requestBody: jsonBody(noteCreateSchema),
      responses: { "201": jsonAnswer("De nieuwe notitie.", annotationSchema), ...invalid, ...signedInErrors },
    },
  },
  "/api/annotations/{id}": {
    delete: {
      tags: ["reports"],
      summary: "Een notitie verwijderen",
      ...access.admin,
      parameters: [idParameter],
      responses: {
        "204": { description: "Verwijderd; de tekst blijft in het auditlog." },
        "404": errorAnswer("Deze notitie bestaat niet (meer)."),
        ...signedInErrors,
      },
    },
  },
};
