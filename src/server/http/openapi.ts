import { adminOpenApiPaths, adminSecuritySchemes } from "../admin/openapi.ts";
import { experimentsOpenApiPaths } from "../experiments/openapi.ts";
import { ingestOpenApiPaths, ingestSecuritySchemes } from "../ingest/openapi.ts";
import { reportsOpenApiPaths } from "../reports/openapi.ts";

/** The OpenAPI document at /api/openapi.json, assembled from the path items each module generates from its schemas. */
export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Wasbord API",
      version: "1",
      description:
        "Machine ingestion for cameras, tills and ad platforms, and the admin API. Errors: { error: { code, message, fields?: [{ row?, path, message }] } }.",
    },
    servers: [{ url: serverUrl }],
    paths: {
      ...ingestOpenApiPaths,
      ...adminOpenApiPaths,
      ...reportsOpenApiPaths,
      ...experimentsOpenApiPaths,
    },
    components: { securitySchemes: { ...ingestSecuritySchemes, ...adminSecuritySchemes } },
  };
}
