import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect, test } from "./fixtures.ts";
import { logInOnProviderPage } from "./support.ts";

// The README's quick start, run as written: the test reads the command from the README's quick-start code
// block, so the two cannot drift apart. Before this test existed the README's `npm start` was broken while
// every other test, which starts the server its own way, stayed green.

const root = join(import.meta.dirname, "../..");

/** The first command line of the first code block under "## Quick start", without its comment. */
function quickStartCommand(): string {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.split(/^## Quick start$/m)[1]?.split(/^## /m)[0] ?? "";
  const block = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  return (block.split("\n")[0] ?? "").replace(/#.*$/, "").trim();
}

/**
 * The checkout as it is (committed or not), without what installs, builds and runs leave; node_modules is
 * linked. `npm start` builds dist/ afresh, and the other workers' servers serve the checkout's dist/: built
 * in place, their pages would miss their scripts while the build empties the folder.
 */
function copyOfCheckout(into: string): string {
  const left = new Set([
    "node_modules",
    ".git",
    "dist",
    "dist-server",
    "data",
    "test-results",
    "playwright-report",
    "bench-results",
  ]);
  const copy = join(into, "checkout");
  cpSync(root, copy, { recursive: true, filter: (path) => !left.has(relative(root, path)) });
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  return copy;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    // npm starts the build and the server as its children: signal the whole process group.
    process.kill(-(child.pid as number), "SIGTERM");
  });
}

test("the README's quick start starts the demo and signs in to the dashboard", async ({ browser, ports }) => {
  test.setTimeout(300_000);
  const command = quickStartCommand();
  const steps = command.split("&&").map((part) => part.trim());
  expect(steps).toEqual(["npm install", "npm start"]);
  // `npm install` is skipped: the test suite already runs in an installed tree, and installing again would
  // change node_modules under the running test servers. Everything after it runs exactly as written.
  const run = steps.slice(1).join(" && ");

  const dir = mkdtempSync(join(tmpdir(), "wasbord-quick-start-"));
  const checkout = copyOfCheckout(dir);
  const [port, idpPort] = ports.spare;
  // No Wasbord settings from the test environment leak in, as on a fresh machine. Only these are set, so the
  // run neither collides with the test server or a developer's own instance on 3000/3001 (PORT, IDP_PORT,
  // DATABASE_PATH) nor spends minutes generating two years of a full-size chain (SEED_SCALE).
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      value !== undefined &&
      !/^(NODE_ENV|DEV_IDP|SEED_|ADMIN_EMAILS|OIDC_|DEMO_|PUBLIC_URL|HOST)/.test(key)
    )
      env[key] = value;
  }
  Object.assign(env, {
    PORT: String(port),
    IDP_PORT: String(idpPort),
    DATABASE_PATH: join(dir, "wasbord.duckdb"),
    SEED_SCALE: "0.05",
  });
  const child = spawn("sh", ["-c", run], {
    cwd: checkout,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  try {
    const url = `http://localhost:${port}`;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
          return fetch(`${url}/readyz`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 240_000, intervals: [500] },
      )
      .toBe(200);

    // The credentials the start-up prints, e.g. "Inloggen (ontwikkel-login op …): demo@wasbord.nl / demo".
    const printed = output.match(/Inloggen \(ontwikkel-login op [^)]+\): (\S+@\S+) \/ (\S+)/);
    expect(printed, output).not.toBeNull();
    const [, email, password] = printed as RegExpMatchArray;

    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    await page.goto("/dashboard");
    await logInOnProviderPage(page, { email, password });
    await expect(page).toHaveURL(`${url}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByTestId("kpi-week_washes").getByTestId("kpi-value")).toHaveText(/\d/);
    // The demo chain is there. Not judged by this week's washes: just after midnight on a Monday the week
    // has none yet; the last 7 days always have some.
    await page.goto("/reports/trx-sales?period=last-7-days");
    await expect(page.getByTestId("kpi-transactions").getByTestId("kpi-value")).toHaveText(/[1-9]/, {
      timeout: 30_000,
    });
    await context.close();
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});
