/**
 * `npm run build` (after the web app): bundles the server into dist-server/ once, so production runs it with
 * plain `node`. Our own code (server, shared, development IdP) and the packages it uses are bundled, all but
 * DuckDB's (its native binding loads from node_modules): a start loads one file instead of hundreds from
 * node_modules, and answers /healthz after 1,2–1,4 s instead of 1,8–2,1 s. The bundle mirrors the source
 * layout (dist-server/server/main.js), so the paths the server resolves next to itself — its migrations, the
 * tracker script, ../../dist — hold in both. The API tests bundle the same way into .test-server/
 * (tests/support/server-bundle.ts).
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");

/** Bundles the server into `out` (a folder directly under the project, for ../../dist to hold). */
export async function buildServer(out: string): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, "src/server/main.ts")],
    outdir: out,
    outbase: join(root, "src"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    external: ["@duckdb/*"],
    // Packages written as CommonJS require Node's own modules; an ES module has no `require` of its own.
    banner: {
      js: 'import { createRequire as createRequireForPackages } from "node:module"; const require = createRequireForPackages(import.meta.url);',
    },
    // The development IdP is a chunk of its own, loaded (with oidc-provider) only when DEV_IDP is on.
    splitting: true,
    chunkNames: "server/chunks/[name]-[hash]",
    sourcemap: "linked",
    logLevel: "warning",
  });
  cpSync(join(root, "src/server/db/migrations"), join(out, "server/migrations"), { recursive: true });
  cpSync(join(root, "src/server/tracking/tracker.js"), join(out, "server/tracker.js"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = performance.now();
  await buildServer(join(root, "dist-server"));
  console.log(`dist-server/server/main.js built in ${Math.round(performance.now() - started)} ms`);
}
