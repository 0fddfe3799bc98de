import { mkdirSync, symlinkSync } from "node:fs";
import { basename, join } from "node:path";
import { build } from "esbuild";

const root = join(import.meta.dirname, "../..");

/**
 * Bundles the script `entry` into `outDir` once, to run with plain `node`: `--import tsx` compiles the same
 * files again in every process, which is most of a small process's start. As in dist-server
 * (scripts/build-server.ts) our own code is bundled and packages stay imports. The bundle's
 * import.meta.dirname is `outDir`, so what the code finds beside itself and its packages are linked in:
 * the migrations (migrate.ts) and node_modules.
 */
export async function bundleScript(entry: string, outDir: string): Promise<string> {
  const outfile = join(outDir, `${basename(entry, ".ts")}.mjs`);
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    logLevel: "warning",
  });
  symlinkSync(join(root, "src/server/db/migrations"), join(outDir, "migrations"));
  symlinkSync(join(root, "node_modules"), join(outDir, "node_modules"));
  return outfile;
}
