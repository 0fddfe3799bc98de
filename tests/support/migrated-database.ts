import { constants, copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { Database } from "../../src/server/db/database.ts";

// Tests get their migrated database as a copy of one template, migrated once per run by Vitest's global
// setup (template-database-setup.ts), instead of applying every migration again: 0,7–3 s each time against
// 0,05–0,1 s for the copy, for every test file's databases and servers. The template is built as a server's
// first start builds its database, and a copy is the migrated database (migrated-database.test.ts).

/** The template's path, which the global setup passes to the test workers in the environment. */
export const TEMPLATE_ENV = "WASBORD_TEST_TEMPLATE_DATABASE";

function templatePath(): string {
  const path = process.env[TEMPLATE_ENV];
  if (!path) throw new Error(`${TEMPLATE_ENV} is not set: run the tests with Vitest (vitest.config.ts)`);
  return path;
}

/** Whether a template was built for this process: under Vitest, not in the bench's scripts. */
export const templateBuilt = (): boolean => Boolean(process.env[TEMPLATE_ENV]);

/**
 * The development IdP's signing keys, which a server reads beside its database file (main.ts): generated once
 * with the template and copied along, a server started on a copy spares the RSA key (0,05–0,3 s) every start.
 */
export const SIGNING_KEYS = "idp-keys.json";

/** Writes the migrated template to `path` (a file a server opens next); a file already there is an error. */
export function copyMigratedDatabase(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(templatePath(), path, constants.COPYFILE_EXCL);
  copyFileSync(join(dirname(templatePath()), SIGNING_KEYS), join(dirname(path), SIGNING_KEYS));
}

/** Opens a migrated database: in memory (default), or a new file at `path`. */
export async function migratedDatabase(path = ":memory:", poolSize?: number): Promise<Database> {
  if (path !== ":memory:") {
    copyMigratedDatabase(path);
    return Database.open(path, poolSize);
  }
  const db = await Database.open(path, poolSize);
  await db.run(`ATTACH '${templatePath()}' AS template (READ_ONLY)`);
  await db.run("COPY FROM DATABASE template TO memory");
  await db.run("DETACH template");
  return db;
}
