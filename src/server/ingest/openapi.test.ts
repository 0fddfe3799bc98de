import { describe, expect, it } from "vitest";
import { adStatIngestRowSchema, plateReadRowSchema, transactionRowSchema } from "../../shared/ingest";
import { ingestOpenApiPaths } from "./openapi";

describe("ingestOpenApiPaths", () => {
  it.each([
    ["/api/ingest/plate-reads", plateReadRowSchema],
    ["/api/ingest/transactions", transactionRowSchema],
    ["/api/ingest/ad-stats", adStatIngestRowSchema],
  ] as const)("documents %s with an example its own schema accepts", (path, schema) => {
    const content = ingestOpenApiPaths[path].post.requestBody.content;
    const [example] = content["application/json"].example;
    expect(schema.safeParse(example).success).toBe(true);
    expect(JSON.parse(content["application/x-ndjson"].example)).toEqual(example);
    expect(content["application/json"].schema.items).toMatchObject({ type: "object" });
  });
});
