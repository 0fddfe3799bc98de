/**
 * `npm run build` (after the web app): bundles the server into dist-server/ once, so production runs it with
 * plain `node` and only production dependencies. Our own code (server, shared, development IdP) is bundled;
 * packages stay imports from node_modules. The bundle mirrors the source layout (dist-server/server/main.js),
 * so the paths the server resolves next to itself — its migrations, the tracker script, ../../dist — hold
 * in both.
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");
const out = join(root, "dist-server");
const started = performance.now();

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [join(root, "src/server/main.ts")],
  outdir: out,
  outbase: join(root, "src"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  // The development IdP is a chunk of its own, loaded (with oidc-provider) only when DEV_IDP is on.
  splitting: true,
  chunkNames: "server/chunks/[name]-[hash]",
  sourcemap: "linked",
  logLevel: "warning",
});
cpSync(join(root, "src/server/db/migrations"), join(out, "server/migrations"), { recursive: true });
cpSync(join(root, "src/server/tracking/tracker.js"), join(out, "server/tracker.js"));
console.log(`dist-server/server/main.js built in ${Math.round(performance.now() - started)} ms`);
