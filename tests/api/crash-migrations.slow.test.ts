import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pendingMigrations } from "../../src/server/db/migrate.ts";
import { openMigratedDatabase } from "../../src/server/db/open-database.ts";
import { bundleScript } from "../support/bundle-script.ts";
import { startWasbord } from "../support/wasbord-process.ts";

// No kill during the migrations of a first start may leave a database that cannot be opened again: a kill at
// each of the steps of building a new database, each trial followed by the start after it. 67–74 s on two
// cores, so it runs with the slow tests (`npm test`, not `npm run test:fast`); the other kills
// are in crash-safety.test.ts.

// As in crash-safety.test.ts: kill -9 ends a process, not the machine, and /dev/shm spares the fsyncs.
const dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "wasbord-crash-migrations-"));
const MIGRATIONS = readdirSync(join(import.meta.dirname, "../../src/server/db/migrations")).filter((file) =>
  file.endsWith(".sql"),
).length;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("crash safety of a first start", () => {
  it("starts fully migrated after being killed at each step of building a new database", async () => {
    // Trial k kills the migrations as soon as they report the k-th one, i.e. while the next one runs. They
    // run in a small process of their own that does what the server does first (the fixture, bundled once so
    // that each process starts with plain node), so that each trial does not wait for the whole server to
    // load; two trials run at a time, one per core. The last trial's file is then opened by the whole server.
    const fixture = await bundleScript(
      join(import.meta.dirname, "fixtures/open-migrated-database.ts"),
      join(dir, "fixture"),
    );
    const databasePath = (k: number) => join(dir, `migrating-${k}.duckdb`);
    const trial = async (k: number) => {
      const child = spawn(process.execPath, [fixture, databasePath(k)], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const killed = new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
      let applied = 0;
      child.stdout.on("data", (chunk: Buffer) => {
        applied += (chunk.toString().match(/migration \S+ applied/g) ?? []).length;
        if (applied >= k) child.kill("SIGKILL");
      });
      if (k === 0) child.kill("SIGKILL");
      expect(await killed, `trial ${k}`).toBe("SIGKILL");

      // What the server does first on its next start.
      const db = await openMigratedDatabase(databasePath(k));
      expect(await pendingMigrations(db), `trial ${k}`).toEqual([]);
      await db.close();
      expect(existsSync(`${databasePath(k)}.migrating`), `trial ${k}`).toBe(false);
      // Four megabytes each: fifty of them would not fit in a container's small /dev/shm.
      if (k < MIGRATIONS - 1) rmSync(databasePath(k));
    };
    let next = 0;
    const trials = async () => {
      while (next < MIGRATIONS) await trial(next++);
    };
    await Promise.all([trials(), trials()]);
    const server = await startWasbord({ databasePath: databasePath(MIGRATIONS - 1) });
    await server.stop("SIGTERM");
  }, 300_000);
});
