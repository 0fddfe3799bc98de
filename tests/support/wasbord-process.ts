import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";
import { copyMigratedDatabase, templateBuilt } from "./migrated-database.ts";

export interface WasbordProcess {
  url: string;
  issuer: string;
  databasePath: string;
  /** The server's process id, to read its memory from /proc. */
  pid: number;
  /** Everything the server printed, for failing tests to show. */
  output: () => string;
  /** The exit code once the process has exited (null while it runs, or when a signal killed it). */
  exitCode: () => number | null;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

const root = join(import.meta.dirname, "../..");

/**
 * Starts the real server (`src/server/main.ts`; under Vitest its bundle, server-bundle.ts) as its own process
 * with the bundled identity provider and a fresh DuckDB file (or the one given), and waits until it answers
 * /healthz. Under Vitest the fresh file is a copy of the migrated template (migrated-database.ts); a test of
 * the server's own build from nothing passes a path where there is no file yet.
 */
export async function startWasbord(
  options: { env?: Record<string, string>; databasePath?: string; args?: string[]; built?: boolean } = {},
): Promise<WasbordProcess> {
  const dir = options.databasePath ? null : mkdtempSync(join(tmpdir(), "wasbord-test-"));
  const databasePath = options.databasePath ?? join(dir as string, "wasbord.duckdb");
  if (dir && templateBuilt()) copyMigratedDatabase(databasePath);
  const started = await spawnWasbord({ ...options, databasePath });
  await waitForHealth(started.url, started.child, started.output);
  return {
    url: started.url,
    issuer: started.issuer,
    databasePath,
    pid: started.child.pid as number,
    output: started.output,
    exitCode: () => started.child.exitCode,
    stop: async (signal = "SIGTERM") => {
      await stopProcess(started.child, signal);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the server process without waiting for it, for tests that kill it while it starts. */
export async function spawnWasbord(options: {
  env?: Record<string, string>;
  databasePath: string;
  args?: string[];
  /** Run the production build (`npm run build`: dist-server) with plain node, as `npm run start:prod` does. */
  built?: boolean;
}) {
  // a restart on the same ports (the bench's) keeps its issuer, and so its signed-in tokens
  const port = Number(options.env?.PORT ?? (await freePort()));
  const idpPort = Number(options.env?.IDP_PORT ?? (await freePort()));
  const env = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    IDP_PORT: String(idpPort),
    DATABASE_PATH: options.databasePath,
    DEV_IDP: "true",
    ADMIN_EMAILS: "demo@wasbord.nl",
    // Tests that are about backups turn the schedule on.
    BACKUP_INTERVAL_HOURS: "0",
    // The live demo would add rows to the fixtures' figures; a test that wants it passes --demo and true.
    DEMO_LIVE: "false",
    ...options.env,
  };
  const child = spawn(
    process.execPath,
    [
      ...(options.built
        ? [join(root, "dist-server/server/main.js")]
        : process.env.WASBORD_TEST_SERVER
          ? [process.env.WASBORD_TEST_SERVER]
          : ["--import", "tsx", join(root, "src/server/main.ts")]),
      ...(options.args ?? []),
    ],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return {
    child,
    url: `http://localhost:${port}`,
    issuer: `http://localhost:${idpPort}`,
    output: () => output,
    stop: (signal: NodeJS.Signals = "SIGTERM") => stopProcess(child, signal),
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    // A start takes 1,5–3 s: asking every 50 ms finds it up a tenth of a second sooner than every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy within 120 s:\n${output()}`);
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}
