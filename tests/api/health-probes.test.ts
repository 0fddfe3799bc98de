import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoData } from "../../src/server/demo/index.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { spawnWasbord } from "../support/wasbord-process.ts";

// Two probes: /healthz says the process is alive and never touches the database, so it stays cheap however
// many ask at once; /readyz (what a load balancer asks) says the database reads and writes and what a start
// prepares is done (start-up.ts): the report tables built, the start's writes checkpointed, today's forecasts
// fitted. A started server with a demo history builds its report tables first: meanwhile /healthz answers
// 200 to everyone and /readyz 503, until "Rapporttabellen bijgewerkt" is logged and the rest is done.

let dir: string;
let databasePath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-probes-"));
  databasePath = join(dir, "wasbord.duckdb");
  const db = await migratedDatabase(databasePath);
  await generateDemoData(db, { seed: 7, scale: 0.05, today: new Date(), days: 20 });
  await db.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BUILT = /Rapporttabellen bijgewerkt/;

describe("/healthz and /readyz after a start", () => {
  it("answers 100 concurrent /healthz with 200 while the report tables build; /readyz 503 until built", async () => {
    const server = await spawnWasbord({ databasePath });
    try {
      // As soon as it listens.
      await expect
        .poll(
          () =>
            fetch(`${server.url}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 60_000, interval: 20 },
        )
        .toBe(200);
      const building = !BUILT.test(server.output());
      const [healthz, readyz] = await Promise.all([
        Promise.all(Array.from({ length: 100 }, () => fetch(`${server.url}/healthz`).then((r) => r.status))),
        fetch(`${server.url}/readyz`),
      ]);
      expect(healthz).toEqual(Array(100).fill(200));
      expect(building, "the report tables were built before the first probe: the fixture is too small").toBe(
        true,
      );
      expect(readyz.status).toBe(503);
      expect(await readyz.json()).toEqual({ status: "unavailable", reason: "report tables not built yet" });
      await expect.poll(() => server.output(), { timeout: 60_000 }).toMatch(BUILT);
      const answers: unknown[] = [];
      await expect
        .poll(
          async () => {
            answers.push(await fetch(`${server.url}/readyz`).then((r) => r.json()));
            return answers.at(-1);
          },
          { timeout: 30_000, interval: 20 },
        )
        .toEqual({ status: "ok" });
      // Between the two, only what a start does after the tables (start-up.ts), in its order.
      const after = ["the start's writes not checkpointed yet", "today's forecasts not fitted yet"];
      const reasons = [
        ...new Set(answers.slice(0, -1).map((answer) => (answer as { reason: string }).reason)),
      ];
      expect(after.filter((reason) => reasons.includes(reason))).toEqual(reasons);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
