import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/database.ts";
import { createApiKey } from "../../src/server/ingest/api-keys.ts";
import { migratedDatabase } from "../support/migrated-database.ts";

/**
 * The real app over HTTP on a fresh DuckDB file, with a small hand-made catalogue: two sites, three items,
 * one promotion with one voucher. It runs in this process, so tests can look into the database between
 * requests; ingestion needs no sign-in, so the identity provider is a stub nobody calls.
 */
export interface IngestServer {
  url: string;
  db: Database;
  keys: { all: string; zeistOnly: string; revoked: string; adStatsOnly: string };
  revokedKeyId: number;
  close: () => Promise<void>;
}

/** `dir` holds the database file (default: a fresh temporary directory, removed on close). */
export async function startIngestServer(options: { dir?: string } = {}): Promise<IngestServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "wasbord-ingest-"));
  const db = await migratedDatabase(join(dir, "test.duckdb"));
  await db.run(`INSERT INTO sites (id, code, name, postcode, city, lat, lon, lanes) VALUES
    (1, 'zeist', 'Wasbord Zeist', '3705HX', 'Zeist', 52.09, 5.23, 2),
    (2, 'houten', 'Wasbord Houten', '3991CE', 'Houten', 52.03, 5.17, 1)`);
  await db.run(`INSERT INTO items (id, code, name, kind, price_cents, vat_rate_percent) VALUES
    (1, 'basis', 'Basis', 'programma', 1000, 21),
    (2, 'premium', 'Premium', 'programma', 1800, 21),
    (3, 'velgen', 'Velgenreiniging', 'extra', 300, 21)`);
  await db.run(`INSERT INTO promotions (id, code, name, kind, value, channel, valid_from)
    VALUES (1, 'fb-vijf-euro', 'Vijf euro korting', 'bedrag', 500, 'facebook', DATE '2026-01-01')`);
  await db.run(`INSERT INTO vouchers (code, promotion_id, channel, issued_at)
    VALUES ('FB-AAAA-1111', 1, 'facebook', TIMESTAMPTZ '2026-01-01 00:00:00+00')`);

  const all = await createApiKey(db, { name: "alles", scope: "all" });
  const zeistOnly = await createApiKey(db, { name: "camera zeist", scope: "plate-reads", siteId: 1 });
  const revoked = await createApiKey(db, { name: "oud", scope: "all" });
  const adStatsOnly = await createApiKey(db, { name: "advertenties", scope: "ad-stats" });

  const issuer = "http://127.0.0.1:9";
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", OIDC_ISSUER: issuer, DATABASE_PATH: db.path }),
    db,
    provider: { issuer, authorization_endpoint: `${issuer}/auth`, jwks_uri: `${issuer}/jwks` },
    verifyToken: () => Promise.reject(new Error("no sign-in in ingestion tests")),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/ingest`,
    db,
    keys: {
      all: all.secret,
      zeistOnly: zeistOnly.secret,
      revoked: revoked.secret,
      adStatsOnly: adStatsOnly.secret,
    },
    revokedKeyId: revoked.id,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
