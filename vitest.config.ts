import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer.ts";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "src/**/*.test.tsx",
      "tests/api/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API tests each start a server with its own DuckDB file; two cores, so keep the fan-out small.
    maxWorkers: 2,
    // A worker runs its files one after the other in one process and imports each module once: importing
    // anew for every file cost 92 s of a 383 s run (the fast set, this machine), now 17–21 s. Each file
    // still opens its own databases and servers; spies are put back after every test, so none outlives it.
    isolate: false,
    restoreMocks: true,
    sequence: { sequencer: SlowFirstSequencer },
    // Built once per run: the server bundle the API tests' server processes run (server-bundle.ts), and the
    // migrated database every test copies (template-database-setup.ts).
    globalSetup: ["tests/support/server-bundle.ts", "tests/support/template-database-setup.ts"],
  },
});
