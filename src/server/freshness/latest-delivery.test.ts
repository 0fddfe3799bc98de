import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { Database } from "../db/database.ts";
import { latestDeliveries, latestSiteDeliveries } from "./latest-delivery.ts";

// Now is Wednesday 4 November 2026, 12:00 UTC. Utrecht (1) read plates with two cameras, the newest at
// 11:40 (cam-b), and one stamped 13:00 by a camera clock that runs ahead; its till sold at 10:15. Zeist (2)
// never sent anything; Houten (3) is switched off. The website's last session began at 11:55. Google Ads
// sent today's figures yesterday at 18:00 and Facebook sent last week's on Monday at 09:00: the ad
// platforms count when their figures were written, not the date the figures are about.
const NOW = new Date("2026-11-04T12:00:00Z");
let db: Database;

beforeAll(async () => {
  db = await migratedDatabase();
  await db.run(`INSERT INTO sites (code, name, postcode, city, lat, lon, active) VALUES
    ('utrecht', 'Utrecht', '3511AB', 'Utrecht', 52.09, 5.12, true),
    ('zeist', 'Zeist', '3701AA', 'Zeist', 52.09, 5.23, true),
    ('houten', 'Houten', '3991AA', 'Houten', 52.03, 5.17, false)`);
  await db.run(`INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera) VALUES
    (1, 'r1', '2026-11-04 11:20:00Z', 1, 'cam-a'),
    (1, 'r2', '2026-11-04 11:40:00Z', 2, 'cam-b'),
    (1, 'r3', '2026-11-04 13:00:00Z', 1, 'cam-a'),
    (3, 'r4', '2026-11-04 11:50:00Z', 1, 'cam-a')`);
  // Hourly sums as the sync leaves them: Utrecht's newest complete hour with reads is 10:00.
  await db.run(`INSERT INTO plate_reads_hourly VALUES
    ('2026-11-04 10:00:00Z', 1, 1, 'cam-a', 3, 0, 0, 0, 0)`);
  await db.run(`INSERT INTO transactions (site_id, event_id, occurred_at, payment_method, subtotal_cents,
    total_cents, vat_cents) VALUES (1, 't1', '2026-11-04 10:15:00Z', 'pin', 995, 995, 173)`);
  await db.run(`INSERT INTO web_sessions (visitor_id, hostname, started_at, ended_at, landing_path, exit_path, channel, device)
    VALUES ('v', 'wasbord.nl', '2026-11-04 11:55:00Z', '2026-11-04 11:58:00Z', '/', '/', 'Direct', 'mobile')`);
  await db.run(`INSERT INTO ad_stats_daily (key_sha256, platform, account, stat_date, campaign, updated_at) VALUES
    ('${"a".repeat(64)}', 'google_ads', 'acc', '2026-11-04', 'Merk', '2026-11-03 18:00:00Z'),
    ('${"b".repeat(64)}', 'facebook', 'acc', '2026-10-28', 'Merk', '2026-11-02 09:00:00Z')`);
});

afterAll(() => db.close());

describe("latestDeliveries", () => {
  it("gives every source's latest delivery: per active site, the website, and when each platform sent", async () => {
    const rows = await latestDeliveries(db, { now: NOW });
    expect(rows.map((row) => [row.source, row.siteId, row.name, row.lastAt])).toEqual([
      ["plate-reads", 1, "Utrecht", "2026-11-04T11:40:00.000Z"],
      ["plate-reads", 2, "Zeist", null],
      ["transactions", 1, "Utrecht", "2026-11-04T10:15:00.000Z"],
      ["transactions", 2, "Zeist", null],
      ["website", null, "Website", "2026-11-04T11:55:00.000Z"],
      ["ad-stats", null, "facebook", "2026-11-02T09:00:00.000Z"],
      ["ad-stats", null, "google_ads", "2026-11-03T18:00:00.000Z"],
    ]);
  });

  it("finds the same newest read when the hourly sums narrow the search to one site", async () => {
    const rows = await latestDeliveries(db, { now: NOW, siteIds: [1] });
    expect(rows.filter((row) => row.siteId !== null).map((row) => [row.source, row.lastAt])).toEqual([
      ["plate-reads", "2026-11-04T11:40:00.000Z"],
      ["transactions", "2026-11-04T10:15:00.000Z"],
    ]);
  });

  it("leaves out what was stamped after now, so an earlier now sees an earlier delivery", async () => {
    const rows = await latestDeliveries(db, { now: new Date("2026-11-04T11:30:00Z") });
    expect(rows.find((row) => row.source === "plate-reads" && row.siteId === 1)?.lastAt).toBe(
      "2026-11-04T11:20:00.000Z",
    );
    expect(rows.find((row) => row.source === "website")?.lastAt).toBeNull();
  });
});

describe("latestSiteDeliveries", () => {
  it("gives one camera's newest read per site, a site where it never read anything as null", async () => {
    const rows = await latestSiteDeliveries(db, "plate-reads", { now: NOW, camera: "cam-a" });
    expect(rows.map((row) => [row.siteId, row.lastAt])).toEqual([
      [1, "2026-11-04T11:20:00.000Z"],
      [2, null],
    ]);
  });
});
