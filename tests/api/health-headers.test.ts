import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { Database } from "../../src/server/db/database.ts";
import { copyMigratedDatabase } from "../support/migrated-database.ts";

// /healthz says the process is alive without touching the database; /readyz proves the database takes
// writes, not just reads. Strict-Transport-Security is only sent when the server is reached over https. The app runs in-process on a real DuckDB file; nobody signs in.

const dir = mkdtempSync(join(tmpdir(), "wasbord-health-"));
const databasePath = join(dir, "wasbord.duckdb");
beforeAll(() => copyMigratedDatabase(databasePath));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const issuer = "http://127.0.0.1:9";
function app(db: Database, publicUrl = "http://localhost:3000") {
  return createApp({
    config: loadConfig({
      NODE_ENV: "test",
      OIDC_ISSUER: issuer,
      DATABASE_PATH: db.path,
      PUBLIC_URL: publicUrl,
    }),
    db,
    provider: { issuer, authorization_endpoint: `${issuer}/auth`, jwks_uri: `${issuer}/jwks` },
    verifyToken: () => Promise.reject(new Error("no sign-in here")),
  });
}

describe("/healthz", () => {
  it("is ok without touching the database, even a closed one", async () => {
    const db = await Database.open(databasePath);
    await db.close();
    const response = await app(db).request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("/readyz", () => {
  it("is ok when it could write, and records when it did", async () => {
    const db = await Database.open(databasePath);
    try {
      const response = await app(db).request("/readyz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
      const [row] = await db.query<{ age: number }>(
        "SELECT epoch(now()) - epoch(checked_at) AS age FROM health_check WHERE id = 1",
      );
      expect(row.age).toBeLessThan(60);
    } finally {
      await db.close();
    }
  });

  it("answers 503 when every read works but no write does, while /healthz stays ok", async () => {
    // A database that only reads: what a read-only or full disk leaves the server with.
    const db = await Database.open(databasePath, 1, undefined, "read_only");
    try {
      expect(await db.query("SELECT count(*) AS n FROM sites")).toEqual([{ n: 0 }]);
      const response = await app(db).request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", reason: "database not writable" });
      expect((await app(db).request("/healthz")).status).toBe(200);
    } finally {
      await db.close();
    }
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent over https only", async () => {
    const db = await Database.open(databasePath);
    try {
      const plain = await app(db, "http://wasbord.example.nl").request("/healthz");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      expect(plain.headers.get("content-security-policy")).toContain("default-src 'self'");
      const secure = await app(db, "https://wasbord.example.nl").request("/healthz");
      expect(secure.headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
    } finally {
      await db.close();
    }
  });
});
