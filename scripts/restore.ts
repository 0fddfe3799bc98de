import { copyFileSync, existsSync, linkSync, renameSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "../src/server/db/database.ts";
import { removeDatabaseFile } from "../src/server/db/open-database.ts";

// npm run restore -- BACKUP [--database PATH]
// Puts a backup in place of the database: an export directory (`wasbord-<time>`, from the scheduled backup)
// is imported into a new file, a pre-migration snapshot (`pre-migration-<time>.duckdb`) is copied. The new
// file is built beside the target and renamed over it in one step; the database it replaces is kept as
// `<database>.before-restore-<time>`. Only one process can open a DuckDB file: stop the server first.

const usage = `Gebruik: npm run restore -- BACKUP [--database PAD]
  BACKUP      een back-upmap (wasbord-…) of een momentopname van voor een migratie (pre-migration-….duckdb)
  --database  het DuckDB-bestand dat vervangen wordt (standaard DATABASE_PATH of data/wasbord.duckdb)
De server moet gestopt zijn. De huidige database blijft bewaard als <database>.before-restore-<tijd>.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      database: { type: "string", default: process.env.DATABASE_PATH || "data/wasbord.duckdb" },
      help: { type: "boolean", default: false },
    },
  });
  const [backup] = positionals;
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (!existsSync(backup)) {
    console.error(`${backup} bestaat niet.`);
    return 1;
  }
  const target = values.database;
  const work = `${target}.restoring`;
  removeDatabaseFile(work);

  if (statSync(backup).isDirectory()) {
    const db = await Database.open(work, 1);
    try {
      await db.run(`IMPORT DATABASE '${resolve(backup).replaceAll("'", "''")}'`);
    } finally {
      await db.close();
    }
  } else {
    copyFileSync(backup, work);
  }
  const check = await Database.open(work, 1);
  const tables = await check.query<{ table_name: string; estimated_size: number }>(
    "SELECT table_name, estimated_size FROM duckdb_tables() WHERE database_name = current_database() ORDER BY 1",
  );
  await check.close();

  if (existsSync(target)) {
    // Fails while the server holds the file; then nothing has been replaced.
    try {
      const current = await Database.open(target, 1);
      await current.close();
    } catch (error) {
      removeDatabaseFile(work);
      console.error(`Kan ${target} niet openen (draait de server nog?): ${(error as Error).message}`);
      return 1;
    }
    // A second name for the current file, then one atomic rename: there is always a database at `target`.
    const kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    linkSync(target, kept);
    console.log(`De huidige database is bewaard als ${kept}`);
  }
  renameSync(work, target);
  const rows = tables.reduce((sum, table) => sum + table.estimated_size, 0);
  console.log(`${backup} teruggezet in ${target}: ${tables.length} tabellen, ongeveer ${rows} rijen.`);
  return 0;
}

process.exitCode = await main();
