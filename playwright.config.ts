import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const idpPort = Number(process.env.E2E_IDP_PORT ?? 3101);
export const baseURL = `http://localhost:${port}`;
const databasePath = join(mkdtempSync(join(tmpdir(), "wasbord-e2e-")), "wasbord.duckdb");

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: "list",
  use: {
    baseURL,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "setup", testMatch: /sign-in\.setup\.ts/ },
    { name: "signed-in", testIgnore: /sign-in\.setup\.ts/, dependencies: ["setup"] },
  ],
  webServer: {
    command: "node --import tsx src/server/main.ts --demo",
    // ready: the report tables built, so the first tests do not wait for them
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    env: {
      PORT: String(port),
      IDP_PORT: String(idpPort),
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      // A small demo chain keeps the browser tests quick; the figures are checked against fixtures in tests/api.
      SEED_SCALE: "0.05",
      // The live demo would move the figures under the tests' feet (tests/api/demo-live.test.ts covers it).
      DEMO_LIVE: "false",
      // Every request is logged at info; in the test output only warnings and errors help find a failure.
      LOG_LEVEL: "warn",
    },
  },
});
