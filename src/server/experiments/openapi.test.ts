import { describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { experimentsOpenApiPaths } from "./openapi.ts";
import { createExperimentsReportRouter, createExperimentsRouter } from "./routes.ts";

describe("the experiments OpenAPI paths", () => {
  it("document every route the experiments routers serve, and nothing else", () => {
    const served = (prefix: string, routes: { method: string; path: string }[]) =>
      routes
        .filter((route) => route.method !== "ALL")
        .map((route) => `${route.method} ${prefix}${route.path.replace(":key", "{key}").replace(/\/$/, "")}`);
    const db = {} as Database;
    const all = [
      ...served("/api/experiments", createExperimentsRouter({ db }).routes),
      ...served("/api/reports/experiments", createExperimentsReportRouter({ db }).routes),
    ];
    const documented = Object.entries(experimentsOpenApiPaths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...new Set(all)].sort());
  });
});
