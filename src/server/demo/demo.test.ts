import { afterEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import { detectSidecode } from "../../shared/plates";
import type { Database } from "../db/database";
import { deriveChannel } from "../tracking/channel";
import { generateDemoData, isDatabaseEmpty } from "./index";
import { landingUrl } from "./web-sources";

const TODAY = new Date("2026-03-15T13:00:00Z");
const TABLES = [
  "plate_reads",
  "transactions",
  "transaction_lines",
  "web_sessions",
  "pageviews",
  "web_events",
  "ad_stats_daily",
  "vouchers",
  "membership_events",
  "membership_event_plates",
];
const open: Database[] = [];

async function generate(seed: number) {
  const db = await migratedDatabase(":memory:", 1);
  open.push(db);
  const summary = await generateDemoData(db, { seed, scale: 0.01, today: TODAY, days: 45 });
  return { db, summary };
}

/** Every column of every row of a table, folded into one number. */
async function checksum(db: Database, table: string): Promise<string> {
  const [row] = await db.query<{ sum: unknown }>(`SELECT sum(hash(t))::VARCHAR AS sum FROM ${table} t`);
  return String(row.sum);
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe("generateDemoData", () => {
  it("fills an empty database and gives the same data for the same seed", async () => {
    const first = await generate(7);
    const second = await generate(7);
    expect(first.summary.rows).toEqual(second.summary.rows);
    for (const table of TABLES) {
      expect(first.summary.rows[table], table).toBeGreaterThan(0);
      expect(await checksum(first.db, table), table).toBe(await checksum(second.db, table));
    }
    const other = await generate(8);
    expect(await checksum(other.db, "transactions")).not.toBe(await checksum(first.db, "transactions"));
  });

  it("writes data that the ingestion rules would accept", async () => {
    const { db } = await generate(1);
    expect(await isDatabaseEmpty(db)).toBe(false);
    // Totals add up to their lines, the way ingestion checks them.
    const [sums] = await db.query<{ mismatches: number }>(
      `SELECT count(*) AS mismatches FROM transactions t
       LEFT JOIN (SELECT transaction_id, sum(amount_cents) AS amount, sum(vat_cents) AS vat
                  FROM transaction_lines GROUP BY 1) l ON l.transaction_id = t.id
       WHERE l.amount IS DISTINCT FROM t.total_cents OR l.vat IS DISTINCT FROM t.vat_cents`,
    );
    expect(sums.mismatches).toBe(0);
    // A redeemed voucher points at the transaction that used its code.
    const [redeemed] = await db.query<{ wrong: number; total: number }>(
      `SELECT count(*) FILTER (WHERE t.voucher_code IS DISTINCT FROM v.code) AS wrong, count(*) AS total
       FROM vouchers v LEFT JOIN transactions t ON t.id = v.redeemed_transaction_id WHERE v.redeemed_at IS NOT NULL`,
    );
    expect(redeemed.wrong).toBe(0);
    // Stored sidecodes are those the shared plate rules detect.
    const plates = await db.query<{ plate: string; sidecode: number | null }>(
      "SELECT DISTINCT plate, sidecode FROM plate_reads WHERE plate IS NOT NULL",
    );
    for (const { plate, sidecode } of plates) expect(detectSidecode(plate), plate).toBe(sidecode);
  });

  it("tags web sessions so that the tracker's channel rules derive the stored channel", async () => {
    const { db } = await generate(3);
    const sessions = await db.query<Record<string, string | null>>(
      `SELECT landing_path AS landing, referrer, utm_source AS "utmSource", utm_medium AS "utmMedium",
         utm_campaign AS "utmCampaign", utm_content AS "utmContent", utm_term AS "utmTerm", gclid, fbclid, channel
       FROM web_sessions`,
    );
    expect(new Set(sessions.map((session) => session.channel)).size).toBeGreaterThanOrEqual(8);
    for (const session of sessions) {
      const url = landingUrl(session as Parameters<typeof landingUrl>[0]);
      expect(deriveChannel({ referrer: session.referrer, landingUrl: url }), url).toBe(session.channel);
    }
  });
  it("tags ad sessions with the names the ad statistics carry, except the untagged display campaign", async () => {
    const { db } = await generate(3);
    // Per campaign in the ad statistics: the sessions whose utm_campaign names it (case-insensitive, trimmed).
    const campaigns = await db.query<{ campaign: string; sessions: number; contents: number }>(
      `SELECT a.campaign, count(DISTINCT s.id) AS sessions,
         count(DISTINCT s.id) FILTER (WHERE lower(trim(s.utm_content)) = lower(trim(a.ad))) AS contents
       FROM ad_stats_daily a LEFT JOIN web_sessions s ON lower(trim(s.utm_campaign)) = lower(trim(a.campaign))
       GROUP BY a.campaign ORDER BY a.campaign`,
    );
    for (const { campaign, sessions, contents } of campaigns) {
      if (campaign === "Display - Remarketing") expect(sessions, campaign).toBe(0);
      else expect(contents, campaign).toBeGreaterThan(0);
    }
    const [brand] = await db.query<{ keywords: number }>(
      "SELECT count(*) AS keywords FROM ad_stats_daily WHERE keyword ILIKE '%wasbord%'",
    );
    expect(brand.keywords).toBeGreaterThan(0);
  });

  it("gives an affiliate network whole transactions, the platforms fractions of conversions", async () => {
    const { db } = await generate(3);
    const rows = await db.query<{ platform: string; fractional: number; total: number }>(
      `SELECT platform, count(*) FILTER (WHERE conversions <> round(conversions)) AS fractional, count(*) AS total
       FROM ad_stats_daily WHERE platform IN ('affiliate', 'google_ads') GROUP BY platform ORDER BY platform`,
    );
    expect(rows.map((r) => [r.platform, r.fractional > 0])).toEqual([
      ["affiliate", false],
      ["google_ads", true],
    ]);
  });
});

describe("isDatabaseEmpty", () => {
  it("sets this year's targets from last year's months, 5 % up and rounded", async () => {
    const db = await migratedDatabase(":memory:", 1);
    open.push(db);
    await generateDemoData(db, { seed: 7, scale: 0.01, today: TODAY, days: 420 });
    const targets = await db.query<{ site_id: number; month: string; washes: number }>(
      "SELECT site_id, strftime(month, '%Y-%m') AS month, washes FROM site_targets ORDER BY site_id, month",
    );
    expect(new Set(targets.map((t) => t.month)).size).toBe(12);
    // March 2025 at the first site, counted here from the sales' programme lines in Amsterdam time
    const [{ sold }] = await db.query<{ sold: number }>(
      `SELECT sum(l.quantity)::INTEGER AS sold FROM transaction_lines l JOIN items i ON i.id = l.item_id
       WHERE i.kind = 'programma' AND l.site_id = $1
         AND timezone('Europe/Amsterdam', l.occurred_at) >= '2025-03-01' AND timezone('Europe/Amsterdam', l.occurred_at) < '2025-04-01'`,
      [targets[0].site_id],
    );
    const march = targets.find((t) => t.site_id === targets[0].site_id && t.month === "2026-03");
    expect(march?.washes).toBe(Math.round((sold * 1.05) / 50) * 50);
  });

  it("is true for a freshly migrated database", async () => {
    const db = await migratedDatabase(":memory:", 1);
    open.push(db);
    expect(await isDatabaseEmpty(db)).toBe(true);
  });
});
