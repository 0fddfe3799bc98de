/**
 * `npm test`: file sizes, lint, types, build, unit + API tests (Vitest), browser tests (Playwright), then one
 * closing line `N passed, N failed` over all tests. Stops at the first failing check step; always runs both
 * suites. `--fast` (`npm run test:fast`): the checks without the build, and the unit and API tests except the
 * slow ones (`*.slow.test.ts`: the warehouse's property tests and the migrations' kill trials, minutes each),
 * no browser: the loop while changing code.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const results = "test-results";
mkdirSync(results, { recursive: true });

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`${run.status === 0 ? "✔" : "✘"} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return run.status === 0;
}

const npx = (args: string[], env?: Record<string, string>) => ["npx", args, env] as const;
const fast = process.argv.includes("--fast");
const checks: [string, ...ReturnType<typeof npx>][] = [
  ["file sizes", ...npx(["tsx", "scripts/check-file-size.ts"])],
  ["lint", ...npx(["biome", "check", "."])],
  ["types", ...npx(["tsc", "--noEmit", "-p", "."])],
  ...(fast ? [] : [["build", ...npx(["vite", "build"])] as [string, ...ReturnType<typeof npx>]]),
];
for (const [name, command, args, env] of checks) {
  if (!step(name, command, args, env)) {
    console.log("\n0 passed, 1 failed");
    process.exit(1);
  }
}

const unitReport = `${results}/unit.json`;
const e2eReport = `${results}/e2e.json`;
for (const file of [unitReport, e2eReport]) rmSync(file, { force: true });
const unitOk = step("unit and API tests", "npx", [
  "vitest",
  "run",
  ...(fast ? ["--exclude", "**/*.slow.test.ts"] : []),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${unitReport}`,
]);
const e2eOk =
  fast ||
  step("browser tests", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });

const read = (file: string) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const unit = read(unitReport);
const e2e = read(e2eReport);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
// A suite that failed without a failing test (a crash, a suite-level error) counts as one failure, so a
// broken run can never read as green.
const suiteFailures = (ok: boolean, count: number | undefined) => (count ?? 0) || (ok ? 0 : 1);
const failed = suiteFailures(unitOk, unit?.numFailedTests) + suiteFailures(e2eOk, e2e?.stats?.unexpected);
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
// CI keeps only the tail of the output: name every failed test just above the closing line.
const failedNames = [...failedUnitTests(unit), ...failedBrowserTests(e2e?.suites ?? [])];
if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  ✘ ${name}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(unitOk && e2eOk && failed === 0 ? 0 : 1);

interface UnitReport {
  testResults?: { name: string; assertionResults: { status: string; fullName: string }[] }[];
}
function failedUnitTests(report: UnitReport | null): string[] {
  return (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${file.name.replace(`${process.cwd()}/`, "")} › ${test.fullName}`),
  );
}

interface BrowserSuite {
  file: string;
  specs?: { title: string; tests: { status: string }[] }[];
  suites?: BrowserSuite[];
}
function failedBrowserTests(suites: BrowserSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === "unexpected"))
      .map((spec) => `${suite.file} › ${spec.title}`),
    ...failedBrowserTests(suite.suites ?? []),
  ]);
}
