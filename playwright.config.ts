import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  // Files run side by side, each worker against a server of its own (tests/e2e/fixtures.ts); a file's tests
  // run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  reporter: "list",
  use: {
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
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot. The trace's running
    // screencast is left out: recorded for every test to keep a few, it cost about a quarter of a run's CPU.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
});
