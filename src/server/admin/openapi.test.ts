import { describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { adminOpenApiPaths } from "./openapi.ts";
import { createAdminRouter } from "./routes.ts";

describe("the admin OpenAPI paths", () => {
  it("document every route the admin router serves, and nothing else", () => {
    const served = createAdminRouter({ db: {} as Database, config: {} as Config })
      .routes.filter((route) => route.method !== "ALL")
      .map(
        (route) =>
          `${route.method} /api/admin${route.path.replace(":id{[0-9]+}", "{id}").replace(/\/$/, "")}`,
      );
    const documented = Object.entries(adminOpenApiPaths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...new Set(served)].sort());
  });
});
