import { join } from "node:path";
import { buildServer } from "../../scripts/build-server.ts";

// Vitest's global setup: the server bundled once per run, as `npm run build` does, which the API tests'
// servers then run with plain node (wasbord-process.ts). With `--import tsx` each of the ~60 server starts
// compiled the same files again: 3,6 s to /healthz against 2,5 s.

const root = join(import.meta.dirname, "../..");
/** Directly under the project, as dist-server/ is, so that the server finds ../../dist. */
const out = join(root, ".test-server");

export default async function setup(): Promise<void> {
  await buildServer(out);
  // Read by wasbord-process.ts in the test workers, which inherit the environment.
  process.env.WASBORD_TEST_SERVER = join(out, "server/main.js");
}
