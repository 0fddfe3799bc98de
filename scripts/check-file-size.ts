/**
 * Fails when a source file under src/ or scripts/ is over MAX_LINES lines, naming each: a file that long is
 * asking to be split (CONVENTIONS.md, one concern per file). Tests, snapshots and SQL migrations are not
 * counted: a migration is never edited once landed, and a test file grows with the cases it holds.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const MAX_LINES = 300;
const ROOTS = ["src", "scripts"];
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const NOT_SOURCE = /\.(test|spec)\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__snapshots__" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [path] : [];
  });
}

const lineCount = (path: string) => readFileSync(path, "utf8").split("\n").length - 1;

const tooLong = ROOTS.flatMap(sourceFiles)
  .map((path) => ({ path, lines: lineCount(path) }))
  .filter(({ lines }) => lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);

if (tooLong.length > 0) {
  console.error(`Over ${MAX_LINES} lines; split each along a seam, one concern per file:`);
  for (const { path, lines } of tooLong) console.error(`  ${path}: ${lines}`);
  process.exit(1);
}
console.log(`Every source file under ${ROOTS.join("/, ")}/ is at most ${MAX_LINES} lines.`);
