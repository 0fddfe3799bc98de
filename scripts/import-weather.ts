import { readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "../src/server/db/database.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { ApiError } from "../src/server/http/errors.ts";
import { commitWeatherImport, parseWeatherImportRequest } from "../src/server/weather/weather-import.ts";

// npm run import:weather -- FILE [--database PATH]
// Imports KNMI daily station data (daggegevens) as the upload under Instellingen › Weer does: all of the file
// or, when one line is wrong, nothing. Only one process can open a DuckDB file: stop the server first.

const usage = `Gebruik: npm run import:weather -- BESTAND [--database PAD]
  BESTAND     KNMI-daggegevens van een of meer stations (etmgeg_260.txt, of een download met TG, SQ en RH)
  --database  het DuckDB-bestand (standaard DATABASE_PATH of data/wasbord.duckdb)
De server moet gestopt zijn: een DuckDB-bestand kan maar door één proces tegelijk worden geopend.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      database: { type: "string", default: process.env.DATABASE_PATH || "data/wasbord.duckdb" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const [file] = positionals;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    console.error(`Kan ${file} niet lezen: ${(error as Error).message}`);
    return 1;
  }
  const path = values.database;
  let db: Database;
  try {
    db = await Database.open(path);
  } catch (error) {
    const message = (error as Error).message;
    console.error(
      /lock/i.test(message)
        ? `${path} is in gebruik door een ander proces, waarschijnlijk de server. Stop de server en probeer het opnieuw, of upload het bestand onder Instellingen › Weer.`
        : `Kan ${path} niet openen: ${message}`,
    );
    return 1;
  }
  try {
    await migrate(db);
    const request = parseWeatherImportRequest({
      fileName: basename(file),
      content: bytes.toString("base64"),
    });
    const result = await commitWeatherImport(db, `opdrachtregel:${userInfo().username}`, request);
    for (const station of result.stations) {
      console.log(
        `${station.code} ${station.name}: ${station.days} dagen, ${station.from} t/m ${station.to}` +
          (station.existingDays > 0 ? ` (${station.existingDays} opgeslagen dagen vervangen)` : ""),
      );
    }
    console.log(`${result.inserted} dagen geïmporteerd uit ${file} (${result.fields.join(", ")}).`);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error(`${error.message}`);
    for (const field of error.fields ?? []) {
      console.error(`  regel ${field.row ?? "-"}, ${field.path}: ${field.message}`);
    }
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
