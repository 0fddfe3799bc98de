import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { AdminAlertRule } from "../../shared/admin/alerts.ts";
import type { Database } from "../db/database.ts";
import { observe } from "./observe.ts";

// "Minder wassen dan verwacht" over a history worked out by hand: site 1 (no weather station, so the model
// runs on the calendar alone) sold 100 washes every day for the ten weeks before Monday 16 November 2026,
// all in the local hour 10:00–11:00. The model of a constant history expects 100 (every term but the
// intercept fits to 0) with a Poisson spread (no overdispersion left): the 10th percentile of Poisson(100)
// is 87, the first k with P(X ≤ k) ≥ 0.1 (0.1038). The hour shares put the whole day in the 10 o'clock
// hour: by 11:00 all of it should be in, by 10:00 none. Winter time (Amsterdam = UTC+1).

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-expected-"));
  db = await migratedDatabase(join(dir, "wasbord.duckdb"));
  await db.run(
    `INSERT INTO sites (id, code, name, postcode, city, lat, lon) VALUES
       (1, 'utrecht-noord', 'Utrecht Noord', '3511AB', 'Utrecht', 52.1, 5.1)`,
  );
  await db.run(
    "INSERT INTO items (id, code, name, kind, price_cents) VALUES (1, 'basis', 'Basis', 'programma', 1000)",
  );
  // One line of 100 washes at 10:15 local on each of the 70 days before 16 November.
  await db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, amount_cents, vat_cents)
     SELECT row_number() OVER (), 1, 1, timezone('Europe/Amsterdam', d + INTERVAL 10 HOUR + INTERVAL 15 MINUTE),
       1, 100, 1000, 100000, 0
     FROM generate_series(DATE '2026-09-07', DATE '2026-11-15', INTERVAL 1 DAY) t(d)`,
  );
});

afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

let line = 1000;
/** `washes` washes at a local time on 16 November. */
const sell = (localTime: string, washes: number) =>
  db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, amount_cents, vat_cents)
     VALUES ($1, 1, 1, timezone('Europe/Amsterdam', $2::TIMESTAMP), 1, $3, 1000, $3 * 1000, 0)`,
    [line++, `2026-11-16 ${localTime}`, washes],
  );

const rule = {
  id: 1,
  name: "Utrecht achter",
  kind: "washes-below-expected",
  siteId: 1,
  siteName: "Utrecht Noord",
  threshold: null,
} as AdminAlertRule;

describe("washes below the forecast's interval", () => {
  it("speaks below the lower bound of what the hours gone by should bring, and not above it", async () => {
    await sell("09:05:00", 50);
    // 10:30 local: up to 10:00 nothing was expected yet (below the minimum of 10), not judged.
    expect(await observe(db, rule, new Date("2026-11-16T09:30:00Z"))).toEqual([]);
    // 11:30 local: up to 11:00 the whole day (100, lower bound 87) was expected; 50 is behind.
    expect(await observe(db, rule, new Date("2026-11-16T10:30:00Z"))).toEqual([
      {
        subject: "site:1",
        label: "Utrecht Noord",
        breached: true,
        detail: "Vandaag tot 11:00 uur 50 wassen; verwacht 100 (ondergrens 87).",
      },
    ]);
    // 40 more at 10:50 local: 90 lies within the interval.
    await sell("10:50:00", 40);
    const [later] = await observe(db, rule, new Date("2026-11-16T10:31:00Z"));
    expect(later).toMatchObject({
      breached: false,
      detail: "Vandaag tot 11:00 uur 90 wassen; verwacht 100 (ondergrens 87).",
    });
    // After closing (20:00 on a Monday) nothing is judged.
    expect(await observe(db, rule, new Date("2026-11-16T19:30:00Z"))).toEqual([]);
  });
});
