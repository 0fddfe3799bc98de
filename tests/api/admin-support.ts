import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../src/server/db/database.ts";
import { type ApiClient, apiClient } from "../support/api-client.ts";
import { signInOverHttp } from "../support/idp-login.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

export interface AdminTestServer {
  server: WasbordProcess;
  /** demo@wasbord.nl, beheerder through ADMIN_EMAILS. */
  admin: ApiClient;
  as: (email: string, password: string) => Promise<ApiClient>;
  stop: () => Promise<void>;
}

/**
 * Starts Wasbord for the admin API tests, signed in as the demo beheerder. `fixture` writes hand-made rows
 * (sales, plate reads) into the database before the server opens it: the admin API cannot create facts.
 * `env` adds server settings (WASBORD_CLOCK for a fixed "now").
 */
export async function startAdminServer(
  fixture?: (db: Database) => Promise<void>,
  env?: Record<string, string>,
): Promise<AdminTestServer> {
  let dir: string | null = null;
  let databasePath: string | undefined;
  if (fixture) {
    dir = mkdtempSync(join(tmpdir(), "wasbord-admin-"));
    databasePath = join(dir, "wasbord.duckdb");
    const db = await migratedDatabase(databasePath);
    await fixture(db);
    await db.close();
  }
  const server = await startWasbord({ databasePath, env });
  const as = async (email: string, password: string) => {
    const { accessToken } = await signInOverHttp({
      issuer: server.issuer,
      clientId: "wasbord-web",
      redirectUri: `${server.url}/auth/callback`,
      email,
      password,
    });
    return apiClient(server, accessToken);
  };
  return {
    server,
    admin: await as("demo@wasbord.nl", "demo"),
    as,
    stop: async () => {
      await server.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The audit entries of one row, newest first. */
export async function auditOf(admin: ApiClient, entity: string, id: number) {
  const response = await admin.get(`/api/admin/audit-log?entity=${entity}&entityId=${id}`);
  if (response.status !== 200) throw new Error(`audit-log answered ${response.status}`);
  return response.body as { action: string; actorEmail: string; before: unknown; after: unknown }[];
}
