import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer.ts";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/api/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API tests each start a server with its own DuckDB file; two cores, so keep the fan-out small.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    // The server bundled once for the API tests' server processes (tests/support/server-bundle.ts).
    globalSetup: ["tests/support/server-bundle.ts"],
  },
});
