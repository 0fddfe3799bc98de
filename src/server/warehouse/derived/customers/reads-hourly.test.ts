import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/database.ts";
import { eraseFromReadsHourly, syncReadsHourly } from "./reads-hourly.ts";
import { customersDatabase } from "./test-facts.ts";

// The hourly sums of the plate reads must equal a rebuild from the facts, whatever order the reads arrive
// in (late ones into hours already summed included) and after reads were erased. Times are UTC.

let db: Database;
let event = 0;

beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

const read = (site: number, at: string, plate: string | null, confidence: number | null, camera = "c1") =>
  db.run(
    `INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera, plate, confidence)
     VALUES ($1, $2, $3, 1, $4, $5, $6)`,
    [site, `e${++event}`, `2026-10-26T${at}:00Z`, camera, plate, confidence],
  );

const hourly = () =>
  db.query<Record<string, unknown>>(
    `SELECT hour_start, site_id, lane, camera, reads, no_reads, round(confidence_sum, 6) AS confidence_sum,
       confidence_reads, low_confidence
     FROM plate_reads_hourly ORDER BY ALL`,
  );

/** The sums worked out again from all reads, from an empty table. */
async function rebuilt() {
  await db.run("DELETE FROM plate_reads_hourly");
  await db.run("UPDATE plate_reads_hourly_sync SET reads = 0, next = 0");
  await syncReadsHourly(db);
  return hourly();
}

describe("hourly sums of the plate reads", () => {
  it("count reads, no-reads, confidence and doubtful reads per camera per hour", async () => {
    await read(1, "10:05", "AA11BB", 0.9);
    await read(1, "10:40", "CC22DD", 0.5); // doubtful: below 0.8
    await read(1, "10:59", null, null); // a no-read
    await read(1, "10:30", "EE33FF", null); // a plate without a confidence
    await read(1, "11:00", "AA11BB", 1, "c2"); // the next hour, another camera
    await syncReadsHourly(db);
    expect(await hourly()).toEqual([
      // 10:00: 4 reads, 1 without a plate; confidences 0.9 + 0.5 over 2 reads; 1 below 0.8
      {
        hour_start: "2026-10-26T10:00:00.000Z",
        site_id: 1,
        lane: 1,
        camera: "c1",
        reads: 4,
        no_reads: 1,
        confidence_sum: 1.4,
        confidence_reads: 2,
        low_confidence: 1,
      },
      {
        hour_start: "2026-10-26T11:00:00.000Z",
        site_id: 1,
        lane: 1,
        camera: "c2",
        reads: 1,
        no_reads: 0,
        confidence_sum: 1,
        confidence_reads: 1,
        low_confidence: 0,
      },
    ]);
  });

  it("equal a rebuild after late, out-of-order and erased reads", async () => {
    await read(1, "12:10", "AA11BB", 0.95);
    await read(2, "12:20", "CC22DD", 0.7);
    await syncReadsHourly(db);
    // late reads into an hour already summed and into earlier hours, and a new hour, in no particular order
    await read(2, "12:50", null, null);
    await read(1, "09:15", "EE33FF", 0.6);
    await read(1, "12:11", "AA11BB", 0.85);
    await read(1, "23:59", "GG44HH", 0.99);
    await syncReadsHourly(db);
    const caughtUp = await hourly();
    expect(
      caughtUp.find((row) => row.hour_start === "2026-10-26T12:00:00.000Z" && row.site_id === 1),
    ).toMatchObject({
      reads: 2,
      confidence_reads: 2,
      confidence_sum: 1.8,
    });
    expect(
      caughtUp.find((row) => row.hour_start === "2026-10-26T12:00:00.000Z" && row.site_id === 2),
    ).toMatchObject({
      reads: 2,
      no_reads: 1,
      low_confidence: 1,
    });
    expect(caughtUp).toEqual(await rebuilt());

    // an erased plate (src/server/privacy/erase-plate.ts) leaves gaps in the rowids; later reads still add on
    await db.transaction(async (tx) => {
      await eraseFromReadsHourly(tx, "CC22DD");
      await tx.run("DELETE FROM plate_reads WHERE plate = 'CC22DD'");
    });
    await read(2, "13:05", "CC22DD", 0.9);
    await syncReadsHourly(db);
    const afterErasure = await hourly();
    // site B, 12:00: CC22DD's read (0.7) went, the no-read stays; 13:00: the plate read again after its erasure
    expect(afterErasure.filter((row) => row.site_id === 2)).toMatchObject([
      {
        hour_start: "2026-10-26T12:00:00.000Z",
        reads: 1,
        no_reads: 1,
        confidence_reads: 0,
        low_confidence: 0,
      },
      {
        hour_start: "2026-10-26T13:00:00.000Z",
        reads: 1,
        no_reads: 0,
        confidence_reads: 1,
        low_confidence: 0,
      },
    ]);
    expect(afterErasure).toEqual(await rebuilt());
  });
});
