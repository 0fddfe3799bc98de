import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import { createApp } from "../app.ts";
import type { ProviderMetadata } from "../auth/oidc-discovery.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { buildOpenApiDocument, describedOperations, servedOperations } from "./document.ts";

// The document is checked against the router of the real app: the route list comes from `app.routes`, so a
// route added anywhere without a description fails here.

let db: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  db = await migratedDatabase();
  const provider = {
    issuer: "http://localhost:1",
    authorization_endpoint: "http://localhost:1/auth",
    jwks_uri: "http://localhost:1/jwks",
  } as ProviderMetadata;
  app = createApp({
    config: loadConfig({ NODE_ENV: "test", DEV_IDP: "true" }),
    db,
    provider,
    verifyToken: () => Promise.reject(new Error("no tokens in this test")),
  });
});
afterAll(async () => {
  // Let the report tables' start-up refresh finish before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await db.close();
});

type Operation = {
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
const operationsOf = (paths: Record<string, Record<string, unknown>>) =>
  Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation: operation as Operation })),
  );

describe("the API document", () => {
  it("describes every route the router serves, and no route it does not", () => {
    const served = servedOperations(app.routes).map(({ method, path }) => `${method} ${path}`);
    const { document, undocumented } = buildOpenApiDocument(app.routes, "http://localhost");
    expect(undocumented).toEqual([]);
    const documented = operationsOf(document.paths).map(({ method, path }) => `${method} ${path}`);
    expect(documented.sort()).toEqual([...served].sort());
    const stale = describedOperations()
      .map(({ method, path }) => `${method} ${path}`)
      .filter((operation) => !served.includes(operation));
    expect(stale).toEqual([]);
    // Sanity check on the route list itself: a sample of routes from different routers is in it.
    expect(served).toEqual(
      expect.arrayContaining([
        "get /api/me",
        "post /api/ingest/plate-reads",
        "put /api/admin/users/{id}/active",
        "get /api/reports/{id}",
        "post /api/experiments/{key}/stop",
        "options /api/collect",
      ]),
    );
  });

  it("gives every operation a summary, its authentication, its path parameters and a typed success answer", () => {
    const { document } = buildOpenApiDocument(app.routes, "http://localhost");
    for (const { method, path, operation } of operationsOf(document.paths)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(Array.isArray(operation.security), where).toBe(true);
      const pathParameters = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(pathParameters.sort(), where).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith("2"));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [status, response] of success) {
        const json = response.content?.["application/json"];
        // The document itself is the one JSON answer whose shape is OpenAPI's, not ours.
        if (json && path !== "/api/openapi.json") expect(json.schema, `${where} ${status}`).toBeTruthy();
      }
    }
  });

  it("is served at /api/openapi.json and as a page at /api/docs, without signing in", async () => {
    const json = await app.request("/api/openapi.json");
    expect(json.status).toBe(200);
    const served = await json.json();
    expect(served).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument(app.routes, "http://localhost:3000").document)),
    );

    const page = await app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const { method, path } of operationsOf(served.paths)) {
      expect(html).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    // Works offline under the CSP: no script, nothing loaded from elsewhere.
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  });
});
