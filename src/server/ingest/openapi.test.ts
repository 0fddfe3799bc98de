import { describe, expect, it } from "vitest";
import { adStatIngestRowSchema, plateReadRowSchema, transactionRowSchema } from "../../shared/ingest";
import { membershipEventSchema } from "../../shared/membership-events";
import { ingestOpenApiPaths } from "./openapi";

describe("ingestOpenApiPaths", () => {
  it.each([
    ["/api/ingest/plate-reads", plateReadRowSchema],
    ["/api/ingest/transactions", transactionRowSchema],
    ["/api/ingest/ad-stats", adStatIngestRowSchema],
    ["/api/ingest/memberships", membershipEventSchema],
  ] as const)("documents %s with an example its own schema accepts", (path, schema) => {
    const content = ingestOpenApiPaths[path].post.requestBody.content;
    const [example] = content["application/json"].example;
    expect(schema.safeParse(example).success).toBe(true);
    expect(JSON.parse(content["application/x-ndjson"].example)).toEqual(example);
    expect(content["application/json"].schema.items).toMatchObject({ type: "object" });
  });

  it("documents every field of a membership event, and its batch limit", () => {
    const { schema } =
      ingestOpenApiPaths["/api/ingest/memberships"].post.requestBody.content["application/json"];
    expect(schema.maxItems).toBe(5_000);
    const properties = (schema.items as { properties: Record<string, { description?: string }> }).properties;
    expect(Object.keys(properties).sort()).toEqual([
      "amountCents",
      "at",
      "channel",
      "eventId",
      "initiatedBy",
      "memberId",
      "plan",
      "plates",
      "reason",
      "site",
      "type",
      "voucherCode",
    ]);
    for (const [name, property] of Object.entries(properties))
      expect(property.description, name).toBeTruthy();
  });
});
