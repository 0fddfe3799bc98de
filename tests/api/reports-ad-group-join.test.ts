import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRow } from "../../src/shared/reports/envelope.ts";
import { reportReader } from "./fixtures/customers-fixture.ts";
import { type FixtureExtension, type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Google Ads sessions meet an ad group by its name in utm_term or utm_content (REPORT-DEFINITIONS §1), and by
// the keyword where utm_term carries one. Tue 8 September 2026 (CEST), campaign "Zoeken - Zeist":
//   ad rows: ad group "Zeist Centrum" (ad "Tekst", € 20) with the keyword row "wasstraat zeist";
//            ad group "Zeist Noord" (ad "Tekst", € 10), no keyword rows.
//   sessions (all Google Ads, campaign "Zoeken - Zeist"):
//     S1 utm_term "wasstraat zeist"               → the keyword's ad group: Zeist Centrum (via keyword)
//     S2 utm_term " ZEIST noord "                 → the ad group's name: Zeist Noord (via name)
//     S3 utm_term "goedkoop", utm_content "Zeist Noord" → Zeist Noord (via name)
//     S4 utm_term "onbekend"                      → no ad group: a session without an ad row
// Ad groups: Zeist Centrum 1 session, Zeist Noord 2 (before: 0, its sessions were unmatched).
// Join health: linked 2 ad groups, 3 sessions, of which 2 via the ad group's name and 1 via a keyword;
//   1 session without an ad row.

const DAY = "2026-09-08";
const PERIOD = "from=2026-09-07&to=2026-09-13&compare=none";

const extend: FixtureExtension = async (db) => {
  const sessions: [number, string | null, string | null][] = [
    [2001, "wasstraat zeist", null],
    [2002, " ZEIST noord ", null],
    [2003, "goedkoop", "Zeist Noord"],
    [2004, "onbekend", null],
  ];
  for (const [id, term, content] of sessions) {
    await db.run(
      `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, is_bounce,
         channel, device, utm_campaign, utm_term, utm_content)
       VALUES ($1, $2, 'www.wasbord-demo.nl', $3::TIMESTAMPTZ, $3::TIMESTAMPTZ, '/', '/', false, 'Google Ads',
         'mobile', 'Zoeken - Zeist', $4, $5)`,
      [id, `z${id}`, `${DAY}T08:00:00Z`, term, content],
    );
  }
  const ads: [string, string | null, string | null, number][] = [
    ["Zeist Centrum", "Tekst", null, 2000],
    ["Zeist Centrum", null, "wasstraat zeist", 1000],
    ["Zeist Noord", "Tekst", null, 1000],
  ];
  for (const [adGroup, ad, keyword, spend] of ads) {
    await db.run(
      `INSERT INTO ad_stats_daily (key_sha256, platform, account, stat_date, campaign, ad_group, ad, keyword,
         match_type, quality_score, impressions, clicks, spend_cents, conversions, conversion_value_cents)
       VALUES ($1, 'google_ads', 'fixture', $2::DATE, 'Zoeken - Zeist', $3, $4, $5, $6, $7, 500, 20, $8, 0, 0)`,
      [
        createHash("sha256").update([adGroup, ad, keyword].join("|")).digest("hex"),
        DAY,
        adGroup,
        ad,
        keyword,
        keyword ? "phrase" : null,
        keyword ? 7 : null,
        spend,
      ],
    );
  }
};

let server: ReportsServer;
const { report, table } = reportReader(() => server);

beforeAll(async () => {
  server = await startReportsServer({ extend: [extend] });
}, 120_000);
afterAll(() => server?.stop());

const rowWhere = (rows: TableRow[], key: string, value: string) => {
  const found = rows.find((row) => row[key] === value);
  if (!found) throw new Error(`no row ${key} = ${value}`);
  return found;
};

describe("Google Ads sessions meet an ad group", () => {
  it("by the ad group's name in utm_term or utm_content, and by a keyword in utm_term", async () => {
    const body = await report("google-ads/adgroups", `${PERIOD}&campaign=Zoeken - Zeist`);
    const groups = table(body, "by_ad_group").rows;
    expect(rowWhere(groups, "ad_group", "Zeist Centrum").sessions).toBe(1);
    expect(rowWhere(groups, "ad_group", "Zeist Noord").sessions).toBe(2);
  });

  it("says in the join health which matched", async () => {
    const body = await report("google-ads/adgroups", `${PERIOD}&campaign=Zoeken - Zeist`);
    const health = table(body, "join_health").rows;
    expect(rowWhere(health, "kind", "Gekoppeld")).toMatchObject({ names: 2, sessions: 3 });
    expect(rowWhere(health, "kind", "waarvan via de naam van de advertentiegroep")).toMatchObject({
      sessions: 2,
    });
    expect(rowWhere(health, "kind", "waarvan via een zoekwoord")).toMatchObject({ sessions: 1 });
    expect(rowWhere(health, "kind", "Sessies zonder advertentie")).toMatchObject({ names: 1, sessions: 1 });
  });
});
