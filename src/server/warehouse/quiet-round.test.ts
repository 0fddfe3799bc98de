import { afterEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { Database } from "../db/database.ts";
import { loadChainDimensions, randomChain, storeBatch } from "../reports/random-chain.ts";
import { DERIVED_TABLES } from "./derived/declarations.ts";
import { FACT_TABLES } from "./derived-tables.ts";
import { atWatermark } from "./watermark.ts";

// The refresher runs a round whenever anything was written since its last one (derived-refresher.ts). A sync
// that writes although it found nothing new therefore keeps it going for ever: until 29 November Flow's
// segment counts were worked out again in every round on a database without plate reads, so an idle server
// on an empty database ran round after round and kept a third of a core busy.

let db: Database;
afterEach(() => db.close());

/** A round as the refresher runs it; answers the declared tables whose sync wrote something. */
async function round(): Promise<string[]> {
  const wrote: string[] = [];
  await atWatermark(db, FACT_TABLES, async () => {
    for (const declaration of DERIVED_TABLES) {
      const before = db.writeGeneration;
      await declaration.sync(db);
      if (db.writeGeneration !== before) wrote.push(declaration.name);
    }
  });
  return wrote;
}

describe("a refresher round once every derived table is up to date", () => {
  it("writes nothing on a database without facts", async () => {
    db = await migratedDatabase();
    await round();
    expect(await round()).toEqual([]);
  });

  it("writes nothing on a chain's facts, and takes in new ones in one round", async () => {
    const chain = randomChain(29_2026);
    db = await migratedDatabase();
    await loadChainDimensions(db, chain.sites);
    const [first, ...rest] = chain.batches;
    await storeBatch(db, first);
    await round();
    expect(await round()).toEqual([]);
    for (const batch of rest) await storeBatch(db, batch);
    expect((await round()).length).toBeGreaterThan(0);
    expect(await round()).toEqual([]);
  });
});
