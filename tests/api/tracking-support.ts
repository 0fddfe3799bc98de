import { readFileSync } from "node:fs";
import { Database } from "../../src/server/db/database.ts";
import { type ApiClient, apiClient } from "../support/api-client.ts";
import { signInOverHttp } from "../support/idp-login.ts";
import type { WasbordProcess } from "../support/wasbord-process.ts";

// Helpers shared by the tracking, imports and experiments API tests.

/** A person signed in through the bundled identity provider, as an API client. */
export async function signIn(server: WasbordProcess, email: string, password: string): Promise<ApiClient> {
  const { accessToken } = await signInOverHttp({
    issuer: server.issuer,
    clientId: "wasbord-web",
    redirectUri: `${server.url}/auth/callback`,
    email,
    password,
  });
  return apiClient(server, accessToken);
}

/** Stops the server and opens its database file, to check what it stored (one process per file). */
export async function databaseAfterStop(server: WasbordProcess): Promise<Database> {
  await server.stop();
  return Database.open(server.databasePath);
}

/** A file of tests/fixtures/ads, as bytes. */
export const fixture = (name: string) => readFileSync(new URL(`../fixtures/ads/${name}`, import.meta.url));

/** The body of POST /api/imports/preview and /commit for a fixture (or other bytes under its name). */
export const adExportRequest = (
  name: string,
  hint: { platform?: string; account?: string } = {},
  bytes = fixture(name),
) => ({ fileName: name, content: bytes.toString("base64"), ...hint });
