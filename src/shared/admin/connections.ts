import type { Freshness } from "../freshness.ts";
import { z } from "../zod-nl.ts";
import { requiredText } from "./fields.ts";

/** Mirrors the scopes of src/server/ingest/api-keys.ts: one ingestion endpoint, or all of them. */
export const apiKeyScopes = [
  "all",
  "plate-reads",
  "transactions",
  "ad-stats",
  "memberships",
  "weather",
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyCreateSchema = z.object({
  name: requiredText("een naam", 100),
  scope: z.enum(apiKeyScopes, { message: "Kies waarvoor de sleutel geldt." }),
  siteId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export interface AdminApiKey {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  siteId: number | null;
  siteName: string | null;
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to creating a key: the only time its secret is ever shown. */
export interface CreatedApiKey extends AdminApiKey {
  secret: string;
}

export const dataSources = ["plate-reads", "transactions", "ad-stats", "website"] as const;
export type DataSource = (typeof dataSources)[number];

/** When a source last delivered data, per site (cameras, tills) or per platform (ads) or overall (website). */
export interface FreshnessRow {
  source: DataSource;
  /** Site name, ad platform or website host the row is about. */
  subject: string;
  lastAt: string | null;
  status: Freshness;
}
