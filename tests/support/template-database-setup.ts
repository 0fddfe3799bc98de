import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSigningKeys } from "../../src/idp/signing-keys.ts";
import { openMigratedDatabase } from "../../src/server/db/open-database.ts";
import { SIGNING_KEYS, TEMPLATE_ENV } from "./migrated-database.ts";

// Vitest's global setup: the migrated database the tests copy (migrated-database.ts), built once per run the
// way a server's first start builds it, with the development IdP's signing keys beside it.
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "wasbord-template-"));
  const path = join(dir, "template.duckdb");
  await (await openMigratedDatabase(path)).close();
  await loadSigningKeys(join(dir, SIGNING_KEYS));
  // Read by migrated-database.ts in the test workers, which inherit the environment.
  process.env[TEMPLATE_ENV] = path;
  return () => rmSync(dir, { recursive: true, force: true });
}
