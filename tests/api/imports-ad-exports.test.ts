import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database.ts";
import type { ApiClient } from "../support/api-client.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";
import { databaseAfterStop, fixture, adExportRequest as request, signIn } from "./tracking-support.ts";

// Every fixture export through the API. The expected figures are added up by hand from the fixture files
// (and agree with the export's own total line where it has one).

let server: WasbordProcess;
let dir: string;
let admin: ApiClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-imports-"));
  server = await startWasbord({ databasePath: join(dir, "wasbord.duckdb") });
  admin = await signIn(server, "demo@wasbord.nl", "demo");
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Case {
  file: string;
  hint?: { platform?: string; account?: string };
  format: string;
  rowsRead: number;
  rowsToImport: number;
  periods: { account: string; from: string; to: string }[];
  totals: {
    impressions: number;
    clicks: number;
    spendCents: number;
    conversions: number;
    conversionValueCents: number;
  };
}

const CASES: Case[] = [
  {
    file: "google-ads-campaign-en.csv",
    hint: { account: "123-456-7890" },
    format: "google_ads.campaign",
    rowsRead: 5,
    rowsToImport: 5,
    periods: [{ account: "123-456-7890", from: "2026-11-01", to: "2026-11-03" }],
    totals: {
      impressions: 3889,
      clicks: 281,
      spendCents: 117765,
      conversions: 17.5,
      conversionValueCents: 26170,
    },
  },
  {
    file: "meta-adset-nl.csv",
    hint: { platform: "facebook", account: "act_1234567890" },
    format: "facebook.adset",
    rowsRead: 4,
    rowsToImport: 4,
    periods: [{ account: "act_1234567890", from: "2026-11-01", to: "2026-11-02" }],
    totals: {
      impressions: 17431,
      clicks: 245,
      spendCents: 12878,
      conversions: 6,
      conversionValueCents: 8970,
    },
  },
  {
    file: "meta-ad-en.csv",
    format: "facebook.ad",
    rowsRead: 5,
    rowsToImport: 4,
    periods: [{ account: "Wasbord NL", from: "2026-11-01", to: "2026-11-02" }],
    totals: {
      impressions: 10372,
      clicks: 156,
      spendCents: 7900,
      conversions: 7,
      conversionValueCents: 10465,
    },
  },
  {
    file: "marktplaats-nl.csv",
    hint: { account: "Wasbord Admarkt" },
    format: "marktplaats.ad",
    rowsRead: 4,
    rowsToImport: 4,
    periods: [{ account: "Wasbord Admarkt", from: "2026-11-01", to: "2026-11-02" }],
    totals: { impressions: 5780, clicks: 192, spendCents: 2880, conversions: 0, conversionValueCents: 0 },
  },
  {
    file: "daisycon-transactions.csv",
    format: "affiliate.daisycon.transactions",
    rowsRead: 5,
    rowsToImport: 3,
    periods: [{ account: "Daisycon", from: "2026-11-03", to: "2026-11-04" }],
    totals: { impressions: 0, clicks: 0, spendCents: 1500, conversions: 4, conversionValueCents: 14980 },
  },
  {
    file: "tradetracker-statistics.csv",
    format: "affiliate.tradetracker.statistics",
    rowsRead: 4,
    rowsToImport: 4,
    periods: [{ account: "TradeTracker", from: "2026-11-03", to: "2026-11-04" }],
    totals: { impressions: 3535, clicks: 186, spendCents: 1575, conversions: 9, conversionValueCents: 15480 },
  },
  {
    // The same account and days as the campaign report above: it replaces those days.
    file: "google-ads-keyword-nl.csv",
    format: "google_ads.keyword",
    rowsRead: 4,
    rowsToImport: 4,
    periods: [{ account: "123-456-7890", from: "2026-11-01", to: "2026-11-02" }],
    totals: {
      impressions: 4215,
      clicks: 121,
      spendCents: 128879,
      conversions: 4.5,
      conversionValueCents: 6728,
    },
  },
];

/** Per file: the preview before the import, the import, and the re-import. */
const results: Record<string, { inserted: number; replaced: number; reimportReplaced: number }> = {};

describe("each export format through /api/imports", () => {
  it.each(CASES)("$file: the preview shows what will be imported and stores nothing", async (c) => {
    const preview = await admin.post("/api/imports/preview", request(c.file, c.hint));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      fileName: c.file,
      format: c.format,
      rowsRead: c.rowsRead,
      rowsToImport: c.rowsToImport,
      errors: [],
      totals: c.totals,
    });
    expect(preview.body.rows).toHaveLength(c.rowsToImport);
    expect(
      preview.body.periods.map(({ existingRows: _, ...period }: { existingRows: number }) => period),
    ).toEqual(c.periods);
    const again = await admin.post("/api/imports/preview", request(c.file, c.hint));
    expect(again.body.periods).toEqual(preview.body.periods);
  });

  it.each(CASES)("$file: the import stores it, a re-import of the same period replaces it", async (c) => {
    const first = await admin.post("/api/imports/commit", request(c.file, c.hint));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ format: c.format, inserted: c.rowsToImport, totals: c.totals });
    const second = await admin.post("/api/imports/commit", request(c.file, c.hint));
    expect(second.body).toMatchObject({ inserted: c.rowsToImport, replaced: c.rowsToImport });
    results[c.file] = {
      inserted: first.body.inserted,
      replaced: first.body.replaced,
      reimportReplaced: second.body.replaced,
    };
  });

  it("a keyword report replaces the campaign rows of the same account and days, not other days", () => {
    // The campaign report had 2 rows on 1 and 2 November; its 3 November row stays.
    expect(results["google-ads-keyword-nl.csv"]).toEqual({
      inserted: 4,
      replaced: 2 + 2,
      reimportReplaced: 4,
    });
  });

  it("a corrected export replaces the period: rows gone from the file are gone", async () => {
    const corrected = Buffer.from(
      fixture("marktplaats-nl.csv")
        .toString("utf8")
        .split("\n")
        .filter((line) => !line.includes("Wasbeurt + velgen"))
        .join("\n"),
    );
    const result = await admin.post(
      "/api/imports/commit",
      request("marktplaats-nl.csv", { account: "Wasbord Admarkt" }, corrected),
    );
    expect(result.body).toMatchObject({ inserted: 2, replaced: 4 });
    const preview = await admin.post(
      "/api/imports/preview",
      request("marktplaats-nl.csv", { account: "Wasbord Admarkt" }),
    );
    expect(preview.body.periods[0].existingRows).toBe(2);
  });
});

describe("what is stored (checked in the database after the server stopped)", () => {
  let db: Database;
  beforeAll(async () => {
    db = await databaseAfterStop(server);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("holds each export once, with the hand-added totals", async () => {
    const rows = await db.query(
      `SELECT platform, account, count(*) AS rows, sum(spend_cents) AS spend, sum(clicks) AS clicks
       FROM ad_stats_daily GROUP BY ALL ORDER BY platform, account`,
    );
    expect(rows).toEqual([
      { platform: "affiliate", account: "Daisycon", rows: 3, spend: 1500, clicks: 0 },
      { platform: "affiliate", account: "TradeTracker", rows: 4, spend: 1575, clicks: 186 },
      { platform: "facebook", account: "Wasbord NL", rows: 4, spend: 7900, clicks: 156 },
      { platform: "facebook", account: "act_1234567890", rows: 4, spend: 12878, clicks: 245 },
      // Keyword rows of 1–2 November (128879) plus the campaign report's 3 November row (3000).
      { platform: "google_ads", account: "123-456-7890", rows: 5, spend: 128879 + 3000, clicks: 121 + 40 },
      // The corrected export without "Wasbeurt + velgen": 945 + 1065.
      { platform: "marktplaats", account: "Wasbord Admarkt", rows: 2, spend: 2010, clicks: 134 },
    ]);
  });

  it("wrote an audit entry for every import", async () => {
    const [{ imports }] = await db.query<{ imports: number }>(
      "SELECT count(*) AS imports FROM audit_log WHERE action = 'imported' AND entity = 'adStats' AND actor_email = 'demo@wasbord.nl'",
    );
    expect(imports).toBe(CASES.length * 2 + 1);
  });
});
