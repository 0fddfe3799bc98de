import { existsSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { Database } from "../src/server/db/database.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { generateDemoData, isDatabaseEmpty } from "../src/server/demo/index.ts";

// npm run seed -- [--scale N] [--seed S] [--database PATH] [--today YYYY-MM-DD] [--force]
// Fills a database with the demo chain. Only one process can open a DuckDB file: stop the server first.

const usage = `Gebruik: npm run seed -- [--scale N] [--seed S] [--database PAD] [--today JJJJ-MM-DD] [--force]
  --scale     1 = ongeveer 500 wasbeurten per vestiging per dag (standaard 1)
  --seed      startgetal van de toevalsgenerator; dezelfde seed geeft dezelfde gegevens (standaard 42)
  --database  het DuckDB-bestand (standaard DATABASE_PATH of data/wasbord.duckdb)
  --today     laatste dag van de gegevens (standaard vandaag)
  --force     verwijdert een bestaand databasebestand eerst`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scale: { type: "string", default: "1" },
      seed: { type: "string", default: "42" },
      database: { type: "string", default: process.env.DATABASE_PATH || "data/wasbord.duckdb" },
      today: { type: "string" },
      force: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  const today = values.today ? new Date(`${values.today}T16:00:00Z`) : new Date();
  if (values.help || !(scale > 0) || !Number.isInteger(seed) || Number.isNaN(today.getTime())) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const path = values.database;
  if (values.force && existsSync(path)) {
    rmSync(path);
    rmSync(`${path}.wal`, { force: true });
    console.log(`${path} verwijderd`);
  }

  let db: Database;
  try {
    db = await Database.open(path);
  } catch (error) {
    console.error(`Kan ${path} niet openen (draait de server nog?): ${(error as Error).message}`);
    return 1;
  }
  try {
    await migrate(db, (line) => console.log(line));
    if (!(await isDatabaseEmpty(db))) {
      console.error(`${path} bevat al gegevens; gebruik --force om het bestand te vervangen.`);
      return 1;
    }
    console.log(
      `Demodata genereren: schaal ${scale}, seed ${seed}, tot ${today.toISOString().slice(0, 10)} …`,
    );
    const summary = await generateDemoData(db, {
      seed,
      scale,
      today,
      onProgress: (message) => console.log(message),
    });
    for (const [table, rows] of Object.entries(summary.rows)) {
      console.log(`${table.padEnd(20)} ${rows.toLocaleString("nl-NL").padStart(14)} rijen`);
    }
    console.log(`Klaar in ${(summary.durationMs / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
