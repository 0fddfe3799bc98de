import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContextOptions, test as base, expect } from "@playwright/test";
import { logInOnProviderPage } from "./support.ts";

// Every spec imports `test` from here. Each Playwright worker starts a Wasbord of its own — the demo chain
// in a database of its own, on ports of its own — so that what one spec writes (users, items, a plate
// erased) never moves the figures another worker is reading. Each worker then signs in once through the
// real login page: the tokens are signed by that worker's provider (its issuer is its port) and the app
// keeps them in its own origin's localStorage, so a session is good for that worker's server only.

const root = join(import.meta.dirname, "../..");

/**
 * The worker with parallel index i has ten ports from E2E_PORT + 10i: the app there, its login at
 * E2E_IDP_PORT + 10i, and spare ones for the servers a test starts itself. Known in advance, nothing
 * else hands them out, and a worker that replaces a failed one (same index) takes over its ports.
 */
interface WorkerPorts {
  app: number;
  login: number;
  spare: number[];
}

interface WorkerServer {
  url: string;
  /** The storage state of the demo beheerder, signed in on this server's login page. */
  signedInState: string;
}

export const test = base.extend<{ signedIn: boolean }, { ports: WorkerPorts; wasbord: WorkerServer }>({
  ports: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const first = Number(process.env.E2E_PORT ?? 3100) + 10 * workerInfo.parallelIndex;
      const login = Number(process.env.E2E_IDP_PORT ?? 3101) + 10 * workerInfo.parallelIndex;
      const spare = [2, 3, 4, 5, 6, 7, 8, 9].map((n) => first + n).filter((port) => port !== login);
      await use({ app: first, login, spare });
    },
    { scope: "worker" },
  ],
  wasbord: [
    async ({ browser, ports }, use, workerInfo) => {
      const url = `http://localhost:${ports.app}`;
      const dir = mkdtempSync(join(tmpdir(), "wasbord-e2e-"));
      const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts", "--demo"], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(ports.app),
          IDP_PORT: String(ports.login),
          HOST: "127.0.0.1",
          DATABASE_PATH: join(dir, "wasbord.duckdb"),
          // A small demo chain keeps the browser tests quick; the figures are checked against fixtures in tests/api.
          SEED_SCALE: "0.05",
          // The live demo would move the figures under the tests' feet (tests/api/demo-live.test.ts covers it).
          DEMO_LIVE: "false",
          // Every request is logged at info; in the test output only warnings and errors help find a failure.
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      // Its warnings and errors help find a failure: shown, marked with the worker, as the web server's were.
      let output = "";
      for (const stream of [server.stdout, server.stderr]) {
        stream?.on("data", (chunk: Buffer) => {
          output += chunk;
          process.stderr.write(
            chunk.toString().replace(/^(?=.)/gm, `[wasbord ${workerInfo.parallelIndex}] `),
          );
        });
      }
      try {
        // Ready: the report tables built, so the first tests do not wait for them.
        await waitForReady(`${url}/readyz`, server, () => output);
        const signedInState = join(dir, "signed-in.json");
        await signIn(browser, { ...workerInfo.project.use, baseURL: url }, signedInState);
        await use({ url, signedInState });
      } finally {
        await stop(server);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    // Seeding the demo chain, building its report tables and the first sign-in: minutes on a busy machine.
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ wasbord }, use) => use(wasbord.url),
  /** `test.use({ signedIn: true })`: the test starts as the demo beheerder; otherwise nobody is signed in. */
  signedIn: [false, { option: true }],
  storageState: async ({ signedIn, wasbord }, use) => use(signedIn ? wasbord.signedInState : undefined),
});

export { expect };

async function signIn(browser: Browser, options: BrowserContextOptions, path: string): Promise<void> {
  const { locale, timezoneId, viewport, baseURL } = options;
  const context = await browser.newContext({ locale, timezoneId, viewport, baseURL });
  try {
    const page = await context.newPage();
    await page.goto("/dashboard");
    await logInOnProviderPage(page);
    // The first sign-in waits for the server's first answers (tokens, keys, the app bundle): on a busy
    // machine that takes longer than the default 5 s.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 30_000 });
    await context.storageState({ path });
  } finally {
    await context.close();
  }
}

async function waitForReady(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the test server exited with ${server.exitCode}:\n${output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the test server was not ready within 180 s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
}
