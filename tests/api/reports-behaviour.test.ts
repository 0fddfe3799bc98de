import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extendWithBehaviour } from "./fixtures/behaviour-fixture.ts";
import { reportReader } from "./fixtures/customers-fixture.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Expected figures worked out by hand from tests/api/fixtures/behaviour-fixture.ts, period September 2026,
// the reports' clock at 31 December 2026 (every redemption's 90 days have passed).
//
// Website › All Pages (pageviews: session/visitor, path, engaged seconds):
//   101 vA: /a 120 s, /b — (next page 60 s later), /a 20 s          (enters /a, exits /a)
//   102 vB: /a 60 s, /b — (next page 90 s later), /c — (last page)  (enters /a, exits /c)
//   103 vC: /c 30 s                                                  (enters /c, a bounce, exits /c)
//   104 vD: /d — (next 10 s later), /d — (last)                      (enters /d, exits /d)
//   time on page = Σ seconds ÷ visitors with a time:
//     /a (120 + 20 + 60) ÷ 2 = 100 s   /b (60 + 90) ÷ 2 = 75 s (the fallback)   /c 30 ÷ 1 (vB's last page
//     has no time) = 30 s   /d 10 ÷ 1 = 10 s; all pages (200 + 150 + 30 + 10) ÷ 6 page-visitors = 65 s
//   exits (last view of a session): /a 1 of 3, /b 0 of 2, /c 2 of 2 = 100 %, /d 1 of 2 (the reload)
//   bounce on the entry page only: /c 1 ÷ 1 entry = 100 % (vB's /c is no bounce of /c's: it entered on /a),
//     /a 0 ÷ 2, /b no entries (empty), all 1 ÷ 4
//   the claim (101, 08:03:30) followed views of /a and /b; the conversion (102, 08:02:00) followed /a
//     and /b but came before /c (08:02:30)
// Landing Pages: /a 2 sessions, duration (240 + 150) ÷ 2 = 195 s, 3 pages each, 1 conversion (€ 24,20):
//   rate 50 %, € 12,10 per session, 1 claim → WELKOM-A redeemed → by NEW111, never seen → 1 acquired;
//   /c 1 bounce, its stored 45 s count as 0; all: 4 sessions, duration (240 + 150 + 0 + 10) ÷ 4 = 100 s.
// Vouchers issued in September: WELKOM-A, -B, -D (welkom, Google Ads, cap 10) and FLYER-C (najaar, flyer):
//   issued 4, claimed 3, redeemed 2; discount 2 × € 1,21; revenue excl. VAT 2 × (€ 10,89 − € 1,89) = € 18,00
//   days claim → redemption: A 2 d 1 h 56 m 30 s (2.080903 d), B 3 d → median 2.540451 d
//   expired: FLYER-C (najaar ended 20 Sep), WELKOM-D (claimed 20 Sep, 30 days passed)
//   new plates: NEW111 new, OLD222 seen before (a sale on 1 Aug) → 50 %
//   90-day value (REPORT-DEFINITIONS §2, the redemption included, excl. VAT): NEW111 € 9,00 (the redemption)
//     + € 13,00 (basis + velgen) + € 10,00 + € 10,00 = € 42,00; OLD222 € 9,00 (the redemption, never back)
//     → payback 5 100 ÷ 242 = 21.07438; cap use 2 ÷ 10
// Vouchers › flow: back within 90 days: NEW111 (paid 20 Sep, 8 days later; 3 visits → vaste klant); OLD222
//   not back → 1 of 2; per redemption month 2026-09: 50 % at 30, 60 and 90 days.
// Programmakeuze, September: washes T1 T3 T2 U1 F0 F1 W1 = 7 (W1 on a subscription), one with an extra;
//   pairs whose second visit is in September: T1→T3 basis→basis, T0 (1 Aug)→T2 basis→basis, U0 (25 Aug)
//   →U1 basis→premium (an upgrade whose first visit lies before the period), F0→F1 premium→premium after a
//   free upgrade (kept) → upgrade 1 ÷ 4, same 3 ÷ 4; members (the till's membership events, Abonnementen's
//   definitions): SUBAAA's cancels 10 Sep, SUBBBB's signs up 15 Sep at Utrecht, SUBCCC's runs on → new 1,
//   ended 1, active at the end 2, churn 1 ended ÷ 2 active on 1 Sep (SUBBBB's, new that month, not counted)
//   = 50 %; conversion 1 signup at a site ÷ (7 washes − 1 member wash (W1) − 0 free) = 1 ÷ 6.

let server: ReportsServer;
const { report, kpi, series, table } = reportReader(() => server);
const SEPTEMBER = "from=2026-09-01&to=2026-09-30&compare=none";

beforeAll(async () => {
  server = await startReportsServer({ extend: [extendWithBehaviour], now: "2026-12-31T12:00:00Z" });
}, 120_000);
afterAll(() => server?.stop());

const rowOf = (rows: Record<string, unknown>[], key: string, value: string) => {
  const row = rows.find((r) => r[key] === value);
  if (!row) throw new Error(`no row ${key} = ${value}`);
  return row;
};

describe("Website › All Pages (content-pages)", () => {
  it("takes time on page from engaged time, else the time to the next page", async () => {
    const body = await report("content-pages", SEPTEMBER);
    const pages = table(body, "pages").rows;
    expect(rowOf(pages, "path", "/a").time_on_page).toBe(100);
    expect(rowOf(pages, "path", "/b").time_on_page).toBe(75);
    expect(rowOf(pages, "path", "/c").time_on_page).toBe(30);
    expect(kpi(body, "time_on_page").value).toBe(65);
  });

  it("keeps every exit rate at or below 100 % and counts a bounce on the entry page only", async () => {
    const body = await report("content-pages", SEPTEMBER);
    const pages = table(body, "pages").rows;
    const figures = (path: string) => {
      const { pageviews, visitors, entries, exits, exit_rate, bounce_rate } = rowOf(pages, "path", path);
      return { pageviews, visitors, entries, exits, exit_rate, bounce_rate };
    };
    expect(figures("/a")).toEqual({
      pageviews: 3,
      visitors: 2,
      entries: 2,
      exits: 1,
      exit_rate: 1 / 3,
      bounce_rate: 0,
    });
    expect(figures("/b")).toEqual({
      pageviews: 2,
      visitors: 2,
      entries: 0,
      exits: 0,
      exit_rate: 0,
      bounce_rate: null,
    });
    expect(figures("/c")).toEqual({
      pageviews: 2,
      visitors: 2,
      entries: 1,
      exits: 2,
      exit_rate: 1,
      bounce_rate: 1,
    });
    expect(figures("/d")).toEqual({
      pageviews: 2,
      visitors: 1,
      entries: 1,
      exits: 1,
      exit_rate: 0.5,
      bounce_rate: 0,
    });
    for (const row of pages) expect(Number(row.exit_rate ?? 0)).toBeLessThanOrEqual(1);
    expect(kpi(body, "exit_rate").value).toBe(4 / 9);
    expect(kpi(body, "bounce_rate").value).toBe(1 / 4);
  });

  it("credits a claim and a conversion to the pages viewed before them", async () => {
    const pages = table(await report("content-pages", SEPTEMBER), "pages");
    const credited = (path: string) => {
      const { claims_after: claims, conversions_after: conversions } = rowOf(pages.rows, "path", path);
      return [claims, conversions];
    };
    expect(credited("/a")).toEqual([1, 1]);
    expect(credited("/b")).toEqual([1, 1]);
    expect(credited("/c")).toEqual([0, 0]);
    expect([pages.totals?.claims_after, pages.totals?.conversions_after]).toEqual([1, 1]);
  });

  it("narrows to one page and shows where its viewers came from", async () => {
    const body = await report("content-pages", `${SEPTEMBER}&page=%2Fa`);
    expect(table(body, "pages").rows.map((row) => row.path)).toEqual(["/a"]);
    const sources = table(body, "sources").rows.map((row) => [row.channel, row.pageviews]);
    expect(sources).toEqual([
      ["Google Ads", 2],
      ["Direct", 1],
    ]);
  });

  it("counts visitors and page-visitors once per channel and per hour", async () => {
    // Direct in September: 102 vB (/a 60 s, /b 90 s, /c —) and 104 vD (/d 10 s, /d —): 2 visitors, 5 views,
    // time on page (60 + 90 + 10) ÷ 3 page-visitors with a time
    const direct = await report("content-pages", `${SEPTEMBER}&channel=Direct`);
    expect(kpi(direct, "pageviews").value).toBe(5);
    expect(kpi(direct, "visitors").value).toBe(2);
    expect(kpi(direct, "time_on_page").value).toBeCloseTo(160 / 3, 10);
    // 10 September per hour: 101 vA's three views at 08:00–08:04 UTC, 10:00 in Amsterdam
    const day = await report("content-pages", "from=2026-09-10&to=2026-09-10&compare=none&granularity=hour");
    const shown = (key: string) =>
      series(day, key)
        .points.filter((p) => p.value)
        .map((p) => [p.x, p.value]);
    expect(shown("pageviews")).toEqual([["2026-09-10T10:00", 3]]);
    expect(shown("visitors")).toEqual([["2026-09-10T10:00", 1]]);
  });
});

describe("Website › Landing Pages (content-landing-pages)", () => {
  it("counts a bounce as 0 s of visit duration and follows claims to acquired customers", async () => {
    const body = await report("content-landing-pages", SEPTEMBER);
    const a = rowOf(table(body, "landing_pages").rows, "landing_path", "/a");
    expect(a).toMatchObject({
      sessions: 2,
      bounce_rate: 0,
      visit_duration: 195,
      pages_per_session: 3,
      conversions: 1,
      conversion_rate: 0.5,
      revenue_per_session: 1210,
      claims: 1,
      redemptions: 1,
      acquired: 1,
    });
    const c = rowOf(table(body, "landing_pages").rows, "landing_path", "/c");
    expect(c).toMatchObject({ sessions: 1, bounce_rate: 1, visit_duration: 0 });
    expect(kpi(body, "sessions").value).toBe(4);
    expect(kpi(body, "visit_duration").value).toBe(100);
    expect(kpi(body, "bounce_rate").value).toBe(0.25);
    expect(kpi(body, "acquired").value).toBe(1);
  });
});

describe("Vouchers", () => {
  it("follows the codes issued in the period: claims, redemptions, expiry, new plates, payback", async () => {
    const body = await report("vouchers", SEPTEMBER);
    expect(kpi(body, "issued").value).toBe(4);
    expect(kpi(body, "claimed").value).toBe(3);
    expect(kpi(body, "redeemed").value).toBe(2);
    expect(kpi(body, "discount").value).toBe(242);
    expect(kpi(body, "redemption_revenue").value).toBe(1800);
    expect(kpi(body, "new_plates").value).toBe(0.5);
    expect(kpi(body, "payback").value).toBeCloseTo(5100 / 242, 6);
    // The row link carries the promotion's code without a column of its own.
    const promotions = table(body, "promotions");
    expect(promotions.columns.map((column) => column.key)).not.toContain("promotion_code");
    expect(promotions.columns.find((column) => column.key === "promotion")?.link).toEqual({
      report: "vouchers",
      filters: { promotion: "promotion_code" },
    });
    const rows = promotions.rows;
    expect(rowOf(rows, "promotion_code", "welkom")).toMatchObject({
      channel: "Google Ads",
      issued: 3,
      claimed: 3,
      redeemed: 2,
      redemption_rate: 2 / 3,
      expired: 1,
      cap_use: 0.2,
      new_plates: 0.5,
      redemptions_maturing: 0,
      multi_code_plates: 0,
    });
    expect(rowOf(rows, "promotion_code", "welkom").days_to_redeem).toBeCloseTo(2.540451, 5);
    expect(rowOf(rows, "promotion_code", "najaar")).toMatchObject({
      channel: "Flyer",
      issued: 1,
      claimed: 0,
      redeemed: 0,
      expired: 1,
      redemption_rate: null,
    });
  });

  it("narrows to one promotion when a row is followed", async () => {
    const body = await report("vouchers", `${SEPTEMBER}&promotion=najaar`);
    expect(kpi(body, "issued").value).toBe(1);
    expect(table(body, "promotions").rows.map((row) => row.promotion_code)).toEqual(["najaar"]);
  });
});

describe("Vouchers › flow", () => {
  it("follows redemptions to a paid return and a regular customer", async () => {
    const body = await report("vouchers/flow", SEPTEMBER);
    expect(kpi(body, "back_share").value).toBe(0.5);
    expect(kpi(body, "days_to_return").value).toBe(8);
    expect(table(body, "return_by_month").rows).toEqual([
      { month: "2026-09", with_plate: 2, back_30: 0.5, back_60: 0.5, back_90: 0.5 },
    ]);
    const { flows } = body.extra as { flows: { channel: string; flow: { links: unknown[] } }[] };
    const all = flows.find((f) => f.channel === "all")?.flow.links;
    expect(all).toEqual(
      expect.arrayContaining([
        { from: "kanaal:google_ads", to: "claimed:geclaimd", value: 3 },
        { from: "kanaal:flyer", to: "claimed:niet-geclaimd", value: 1 },
        { from: "claimed:geclaimd", to: "redeemed:ingewisseld", value: 2 },
        { from: "redeemed:ingewisseld", to: "back:terug", value: 1 },
        { from: "redeemed:ingewisseld", to: "back:niet-terug", value: 1 },
        { from: "back:terug", to: "end:vaste-klant", value: 1 },
      ]),
    );
  });
});

describe("Programmakeuze (item-flow)", () => {
  it("compares each visit with the plate's previous one, also before the period", async () => {
    const body = await report("item-flow", SEPTEMBER);
    expect(kpi(body, "washes").value).toBe(7);
    expect(kpi(body, "attach_rate").value).toBe(1 / 7);
    expect(kpi(body, "upgrades_rate").value).toBe(0.25);
    expect(kpi(body, "same_rate").value).toBe(0.75);
    expect(kpi(body, "downgrades_rate").value).toBe(0);
    expect(kpi(body, "free_upgrade_kept").value).toBe(1);
    const transitions = table(body, "transitions").rows.map((row) => [row.previous, row.next, row.pairs]);
    expect(transitions).toEqual(
      expect.arrayContaining([
        ["Basis", "Basis", 2],
        ["Basis", "Premium", 1],
        ["Premium", "Premium", 1],
      ]),
    );
  });

  it("counts a membership ended and one started in the same month, as Abonnementen does", async () => {
    const body = await report("item-flow", SEPTEMBER);
    expect(kpi(body, "members_new").value).toBe(1);
    expect(kpi(body, "members_ended").value).toBe(1);
    expect(kpi(body, "members_active").value).toBe(2);
    expect(kpi(body, "member_churn").value).toBe(0.5);
    expect(kpi(body, "membership_conversion").value).toBe(1 / 6);
    const club = await report("memberships", SEPTEMBER);
    for (const key of [
      "members_new",
      "members_ended",
      "members_active",
      "member_churn",
      "membership_conversion",
    ])
      expect(kpi(body, key)).toEqual(kpi(club, key));
  });

  it("counts the memberships sold at the chosen sites: one site, and several", async () => {
    // Utrecht: SUBAAA's ended 10 Sep, SUBBBB's started 15 Sep and runs on; churn 1 ended ÷ 1 active on 1 Sep.
    const utrecht = await report("item-flow", `${SEPTEMBER}&site=utrecht`);
    expect(
      ["members_new", "members_ended", "members_active", "member_churn"].map(
        (key) => kpi(utrecht, key).value,
      ),
    ).toEqual([1, 1, 1, 1]);
    // Zeist: SUBCCC runs through September: nothing started or ended, 1 active, churn 0 ÷ 1.
    const zeist = await report("item-flow", `${SEPTEMBER}&site=zeist`);
    expect(
      ["members_new", "members_ended", "members_active", "member_churn"].map((key) => kpi(zeist, key).value),
    ).toEqual([0, 0, 1, 0]);
    // Both sites: what all sites give (started 1, ended 1, active 2, churn 1 ÷ 2).
    const both = await report("item-flow", `${SEPTEMBER}&site=utrecht,zeist`);
    expect(
      ["members_new", "members_ended", "members_active", "member_churn"].map((key) => kpi(both, key).value),
    ).toEqual([1, 1, 2, 0.5]);
  });
});
