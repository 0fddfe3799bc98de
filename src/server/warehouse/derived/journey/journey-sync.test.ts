import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../../tests/support/migrated-database.ts";
import type { Database } from "../../../db/database.ts";
import { erasePlate } from "../../../privacy/erase-plate.ts";
import { pseudonymKey, pseudonymOf } from "../../../privacy/pseudonym.ts";
import { pseudonymiseExpired } from "../../../privacy/pseudonymise.ts";
import { forgetJourney, syncJourney } from "./journey-sync.ts";

// The journey must be the same whether it was caught up batch by batch or rebuilt from all facts, whatever
// order the facts arrive in. Times are UTC; November 2026 is CET (UTC+1), so 23:30Z is 00:30 the next day.

let db: Database;
let event = 0;

beforeEach(async () => {
  db = await migratedDatabase();
  await db.run(
    "INSERT INTO sites (code, name, city, postcode, lat, lon) VALUES ('a', 'A', 'Utrecht', '3511AA', 52.09, 5.12)",
  );
});
afterEach(() => db.close());

const session = (id: number, visitor: string, at: string, channel: string, campaign: string | null = null) =>
  db.run(
    `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, channel, device,
       utm_campaign) VALUES ($1, $2, 'www.wasbord.nl', $3, $3, '/', '/', $4, 'mobile', $5)`,
    [id, visitor, at, channel, campaign],
  );
const claim = (sessionId: number, at: string, code: string) =>
  db.run(
    `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, voucher_code)
     VALUES ($1, 'v', $2, 'voucher', '/', $3)`,
    [sessionId, at, code],
  );
const conversion = (sessionId: number, at: string, cents: number) =>
  db.run(
    `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, revenue_cents)
     VALUES ($1, 'v', $2, 'conversion', '/bestellen/bedankt', $3)`,
    [sessionId, at, cents],
  );
const read = (at: string, plate: string) =>
  db.run(
    "INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera, plate) VALUES (1, $1, $2, 1, 'c', $3)",
    [`r${++event}`, at, plate],
  );
/** A sale of € 12,10 incl. € 2,10 VAT (€ 10,00 excl.), optionally with a voucher or online. */
const sale = (at: string, plate: string | null, voucher: string | null = null, online = false) =>
  db.run(
    `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, sales_channel,
       subtotal_cents, total_cents, vat_cents, voucher_code)
     VALUES (1, $1, $2, $3, 'pin', $4, 1210, 1210, 210, $5)`,
    [`t${++event}`, at, plate, online ? "online" : "site", voucher],
  );

const snapshot = async () => ({
  daily: await db.query("SELECT * FROM journey_daily ORDER BY ALL"),
  sessions: await db.query(
    "SELECT session_id, channel, inherited_from, campaign FROM journey_sessions ORDER BY session_id",
  ),
  redemptions: await db.query(
    `SELECT voucher_code, plate, claim_session_id, channel, campaign, seen_before, seen_last_year, acquired,
       value_90d_cents, first_paid_at, visits_90d, subscriber_90d FROM journey_redemptions ORDER BY voucher_code`,
  ),
  customers: await db.query(
    `SELECT plate, via, session_id, channel, campaign, first_at, first_date, second_visit_at, value_90d_cents
     FROM journey_customers ORDER BY plate`,
  ),
  landing: await db.query("SELECT * FROM journey_landing_daily ORDER BY ALL"),
});

async function rebuilt() {
  await forgetJourney(db);
  await syncJourney(db);
  return snapshot();
}

describe("customer journey", () => {
  it("lets a Direct session inherit the visitor's earlier non-direct channel of the same local day only", async () => {
    await session(1, "v1", "2026-11-02T09:00:00Z", "Google Ads", " Zoeken - Wasstraat ");
    await session(2, "v1", "2026-11-02T14:00:00Z", "Direct"); // inherits Google Ads
    await session(3, "v1", "2026-11-02T23:30:00Z", "Direct"); // 00:30 on 3 November: another day, stays Direct
    await session(4, "v2", "2026-11-02T08:00:00Z", "Direct"); // nothing earlier: stays Direct
    await session(5, "v2", "2026-11-02T10:00:00Z", "Facebook");
    await syncJourney(db);
    const { sessions } = await snapshot();
    expect(sessions.map((s) => [s.session_id, s.channel, s.inherited_from, s.campaign])).toEqual([
      [1, "Google Ads", null, "zoeken - wasstraat"],
      [2, "Google Ads", 1, "zoeken - wasstraat"],
      [3, "Direct", null, null],
      [4, "Direct", null, null],
      [5, "Facebook", null, null],
    ]);
  });

  it("tells an acquisition from a cannibalised redemption and values the first 90 days excl. VAT", async () => {
    await session(1, "v1", "2026-11-02T09:00:00Z", "Google Ads", "Zoeken - Wasstraat");
    await claim(1, "2026-11-02T09:01:00Z", "GO-NEW");
    await claim(1, "2026-11-02T09:02:00Z", "GO-OLD");
    await read("2025-12-01T10:00:00Z", "OLD11");
    await read("2026-11-05T10:00:00Z", "NEW11"); // Thursday
    await sale("2026-11-05T10:03:00Z", "NEW11", "GO-NEW");
    await sale("2026-11-05T11:00:00Z", "OLD11", "GO-OLD");
    await read("2026-11-20T10:00:00Z", "NEW11");
    await sale("2026-11-20T10:02:00Z", "NEW11");
    await sale("2027-02-10T10:00:00Z", "NEW11"); // 97 days after the first visit: outside the 90 days
    await syncJourney(db);
    const { redemptions, customers } = await snapshot();
    expect(redemptions.map((r) => [r.voucher_code, r.seen_before, r.seen_last_year, r.acquired])).toEqual([
      ["GO-NEW", false, false, true],
      ["GO-OLD", true, true, false],
    ]);
    // The 90 days after GO-NEW: one paid sale at the site on 20 November (10 February is day 97).
    expect(redemptions.map((r) => [r.first_paid_at, r.visits_90d, r.subscriber_90d])).toEqual([
      ["2026-11-20T10:02:00.000Z", 1, false],
      [null, 0, false],
    ]);
    expect(customers).toEqual([
      {
        plate: "NEW11",
        via: "voucher",
        session_id: 1,
        channel: "Google Ads",
        campaign: "zoeken - wasstraat",
        first_at: "2026-11-05T10:00:00.000Z",
        first_date: "2026-11-05",
        second_visit_at: "2026-11-20T10:00:00.000Z",
        value_90d_cents: 2000,
      },
    ]);
  });

  it("credits a redemption to its claim only within the voucher's validity", async () => {
    // Promotion valid Sun 1 – Sun 8 November (local dates); both codes claimed in a Google Ads session on
    // Mon 2 November, so both redemptions lie within the 30 days after the claim.
    //   GO-EDGE redeemed 8 Nov 22:30Z = 23:30 CET, the last valid day → credited, an acquired customer.
    //   GO-LATE redeemed 8 Nov 23:30Z = 00:30 CET on 9 November, after the last valid day → a redemption at
    //   the till without a channel (as a flyer's), not an acquisition of Google Ads.
    await db.run(
      `INSERT INTO promotions (id, code, name, kind, value, channel, valid_from, valid_to)
       VALUES (1, 'najaar', 'Najaar', 'percentage', 20, 'google_ads', '2026-11-01', '2026-11-08')`,
    );
    await db.run(
      `INSERT INTO vouchers (code, promotion_id, channel, issued_at) VALUES
         ('GO-EDGE', 1, 'google_ads', '2026-11-01T00:00:00Z'), ('GO-LATE', 1, 'google_ads', '2026-11-01T00:00:00Z')`,
    );
    await session(1, "v1", "2026-11-02T09:00:00Z", "Google Ads", "Najaar");
    await claim(1, "2026-11-02T09:01:00Z", "GO-EDGE");
    await claim(1, "2026-11-02T09:02:00Z", "GO-LATE");
    await sale("2026-11-08T22:30:00Z", "EDGE11", "GO-EDGE");
    await sale("2026-11-08T23:30:00Z", "LATE11", "GO-LATE");
    await syncJourney(db);
    const { redemptions, customers } = await snapshot();
    expect(redemptions.map((r) => [r.voucher_code, r.claim_session_id, r.channel, r.acquired])).toEqual([
      ["GO-EDGE", 1, "Google Ads", true],
      ["GO-LATE", null, null, false],
    ]);
    expect(customers.map((c) => c.plate)).toEqual(["EDGE11"]);
    expect(await rebuilt()).toEqual(await snapshot());
  });

  it("acquires a plate through an online sale linked to a conversion", async () => {
    await session(1, "v1", "2026-11-02T09:00:00Z", "Facebook", "Winterklaar");
    await conversion(1, "2026-11-02T09:05:01Z", 1210);
    await sale("2026-11-02T09:05:00Z", "SUB11", null, true);
    await read("2026-11-03T08:00:00Z", "SUB11");
    await syncJourney(db);
    const { customers } = await snapshot();
    expect(customers.map((c) => [c.plate, c.via, c.channel, c.second_visit_at])).toEqual([
      ["SUB11", "conversion", "Facebook", null],
    ]);
  });

  it("catches up batch by batch to what a rebuild gives, late and out-of-order facts included", async () => {
    await session(2, "v1", "2026-11-02T14:00:00Z", "Direct");
    await claim(2, "2026-11-02T14:01:00Z", "X-LATE");
    await read("2026-11-05T10:00:00Z", "NEW11");
    await sale("2026-11-05T10:03:00Z", "NEW11", "X-LATE");
    await syncJourney(db);
    // Without the earlier session the claim was Direct, and the plate's first visit an acquisition.
    expect((await snapshot()).customers.map((c) => c.channel)).toEqual(["Direct"]);

    await session(1, "v1", "2026-11-02T09:00:00Z", "Facebook", "Voorjaarsactie"); // arrives late
    await syncJourney(db);
    expect((await snapshot()).customers.map((c) => [c.channel, c.campaign])).toEqual([
      ["Facebook", "voorjaarsactie"],
    ]);

    await read("2026-06-01T10:00:00Z", "NEW11"); // an older read: the plate was seen before after all
    await claim(1, "2026-11-02T09:10:00Z", "Y-CODE");
    await sale("2026-11-04T10:00:00Z", null, "Y-CODE"); // a redemption without a plate
    await sale("2026-11-10T10:00:00Z", "NEW11");
    await syncJourney(db);
    const incremental = await snapshot();
    expect(incremental.customers).toEqual([]);
    expect(
      incremental.redemptions.map((r) => [r.voucher_code, r.channel, r.seen_before, r.acquired]),
    ).toEqual([
      ["X-LATE", "Facebook", true, false],
      ["Y-CODE", "Facebook", null, false],
    ]);
    // Per day, landing page and the session's own channel (X-LATE's Direct session keeps Direct there).
    expect(incremental.landing).toEqual([
      { day: "2026-11-02", landing_path: "/", channel: "Direct", redemptions: 1, acquired: 0 },
      { day: "2026-11-02", landing_path: "/", channel: "Facebook", redemptions: 1, acquired: 0 },
    ]);
    expect(await rebuilt()).toEqual(incremental);

    // Migration 093 fills the table from a journey synced before it just as the sync keeps it.
    await db.run("DROP TABLE journey_landing_daily");
    await db.run(
      readFileSync(join(import.meta.dirname, "../../../db/migrations/093-journey-landing-daily.sql"), "utf8"),
    );
    expect((await snapshot()).landing).toEqual(incremental.landing);
  });

  it("moves a redemption's credit to the day of the session its code was last claimed in", async () => {
    await session(10, "v2", "2026-11-01T10:00:00Z", "Google Ads");
    await session(11, "v3", "2026-11-05T10:00:00Z", "Facebook");
    await claim(10, "2026-11-01T10:05:00Z", "MOVE");
    await sale("2026-11-10T10:00:00Z", "MV11", "MOVE"); // a plate never seen: acquired through the claim
    await syncJourney(db);
    expect((await snapshot()).landing).toEqual([
      { day: "2026-11-01", landing_path: "/", channel: "Google Ads", redemptions: 1, acquired: 1 },
    ]);

    // A later claim of the same code arrives late: it is the last before the redemption, so the credit moves.
    await claim(11, "2026-11-05T10:05:00Z", "MOVE");
    await syncJourney(db);
    const incremental = await snapshot();
    expect(incremental.landing).toEqual([
      { day: "2026-11-05", landing_path: "/", channel: "Facebook", redemptions: 1, acquired: 1 },
    ]);
    expect(await rebuilt()).toEqual(incremental);
  });

  it("leaves the sessions alone in a round without a new session or event, and takes in a later claim in an old one", async () => {
    await session(1, "v1", "2026-11-02T09:00:00Z", "Google Ads");
    await session(2, "v1", "2026-11-02T14:00:00Z", "Direct"); // inherits Google Ads from session 1
    await syncJourney(db);
    const sessionsOnly = await snapshot();

    // Only a camera and a till: a redemption of a code nobody claimed yet.
    await read("2026-11-06T10:00:00Z", "QQ11");
    await sale("2026-11-06T10:05:00Z", "QQ11", "Q-CODE");
    await syncJourney(db);
    const tillsOnly = await snapshot();
    expect(tillsOnly.sessions).toEqual(sessionsOnly.sessions);
    expect(tillsOnly.daily).toEqual(sessionsOnly.daily);
    expect(tillsOnly.redemptions.map((r) => [r.voucher_code, r.claim_session_id, r.channel])).toEqual([
      ["Q-CODE", null, null],
    ]);

    // The claim arrives late, in session 2 (no new session): 5 November is within 30 days before the sale,
    // and the read 5 minutes before the sale is the same visit, so the plate was not seen before: acquired.
    await claim(2, "2026-11-05T09:00:00Z", "Q-CODE");
    await syncJourney(db);
    const incremental = await snapshot();
    expect(
      incremental.redemptions.map((r) => [r.claim_session_id, r.channel, r.seen_before, r.acquired]),
    ).toEqual([[2, "Google Ads", false, true]]);
    expect(incremental.customers.map((c) => [c.plate, c.via, c.session_id, c.channel])).toEqual([
      ["QQ11", "voucher", 2, "Google Ads"],
    ]);
    // 2 November, Google Ads: the two sessions, now with one claim
    expect(incremental.daily.map((d) => [d.local_date, d.channel, d.sessions, d.claims])).toEqual([
      ["2026-11-02", "Google Ads", 2, 1],
    ]);
    expect(await rebuilt()).toEqual(incremental);
  });

  it("reads the earlier history of a plate once it has a voucher or online sale, and skips plates without", async () => {
    await session(1, "v1", "2026-11-02T09:00:00Z", "Google Ads");
    await claim(1, "2026-11-02T09:01:00Z", "Z-CODE");
    await session(2, "v2", "2026-11-05T11:00:00Z", "Facebook");
    await read("2026-10-01T10:00:00Z", "OLD22");
    await sale("2026-10-01T10:05:00Z", "OLD22");
    await read("2026-11-03T09:00:00Z", "NEW22");
    await read("2026-11-03T09:00:00Z", "PLAIN22"); // reads and a site sale only: never part of a journey
    await sale("2026-11-03T09:05:00Z", "PLAIN22");
    await syncJourney(db);
    expect(await snapshot()).toMatchObject({ redemptions: [], customers: [] });

    // OLD22 and NEW22 get their first voucher / online sale: their reads from before this round count.
    await sale("2026-11-05T10:03:00Z", "OLD22", "Z-CODE");
    await conversion(2, "2026-11-05T12:00:30Z", 1210);
    await sale("2026-11-05T12:00:00Z", "NEW22", null, true); // read two days earlier: no acquisition
    await conversion(2, "2026-11-05T13:00:20Z", 1210);
    await sale("2026-11-05T13:00:00Z", "FRESH22", null, true); // never seen: acquired via the conversion
    await read("2026-11-05T14:00:00Z", "PLAIN22");
    await syncJourney(db);
    const second = await snapshot();
    // Z-CODE: claimed in session 1 three days before; OLD22 was read and sold to on 1 October (within a
    // year); the 90 days hold only the redemption itself, € 10,00 excl. VAT.
    expect(
      second.redemptions.map((r) => [r.voucher_code, r.plate, r.claim_session_id, r.channel, r.seen_before]),
    ).toEqual([["Z-CODE", "OLD22", 1, "Google Ads", true]]);
    expect(
      second.redemptions.map((r) => [r.seen_last_year, r.acquired, r.value_90d_cents, r.visits_90d]),
    ).toEqual([[true, false, 1000, 0]]);
    // FRESH22: first seen at its online sale (14:00 in Amsterdam), no visit at a site yet.
    expect(second.customers).toEqual([
      {
        plate: "FRESH22",
        via: "conversion",
        session_id: 2,
        channel: "Facebook",
        campaign: null,
        first_at: "2026-11-05T13:00:00.000Z",
        first_date: "2026-11-05",
        second_visit_at: null,
        value_90d_cents: 1000,
      },
    ]);

    // New facts for plates with a journey already: FRESH22's first and second visit at a site (more than an
    // hour apart), the second a sale that adds € 10,00; a later read of OLD22 changes nothing.
    await read("2026-11-06T08:00:00Z", "FRESH22");
    await sale("2026-11-20T10:00:00Z", "FRESH22");
    await read("2026-11-20T10:00:00Z", "OLD22");
    // A new session on the 20th and a new claim in the session of the 2nd: both days' sums are worked out again.
    await session(3, "v3", "2026-11-20T09:00:00Z", "Direct");
    await claim(1, "2026-11-20T09:30:00Z", "LATER");
    await syncJourney(db);
    const third = await snapshot();
    expect(third.daily.map((d) => [d.local_date, d.channel, d.sessions, d.claims])).toEqual([
      ["2026-11-02", "Google Ads", 1, 2],
      ["2026-11-05", "Facebook", 1, 0],
      ["2026-11-20", "Direct", 1, 0],
    ]);
    expect(third.redemptions).toEqual(second.redemptions);
    expect(third.customers.map((c) => [c.plate, c.first_at, c.second_visit_at, c.value_90d_cents])).toEqual([
      ["FRESH22", "2026-11-05T13:00:00.000Z", "2026-11-20T10:00:00.000Z", 2000],
    ]);
    expect(await rebuilt()).toEqual(third);
  });

  it("keeps no erased plate, and becomes what a rebuild gives; a pseudonymised plate keeps its journey", async () => {
    await session(1, "v1", "2026-11-02T09:00:00Z", "Google Ads", "Zoeken - Wasstraat");
    await claim(1, "2026-11-02T09:01:00Z", "GO-NEW");
    await claim(1, "2026-11-02T09:02:00Z", "GO-OLD");
    await read("2025-12-01T10:00:00Z", "OLD11");
    await read("2026-11-05T10:00:00Z", "NEW11");
    await sale("2026-11-05T10:03:00Z", "NEW11", "GO-NEW");
    await sale("2026-11-05T11:00:00Z", "OLD11", "GO-OLD");
    await syncJourney(db);
    const key = pseudonymKey("ab".repeat(32));

    // Erased: its redemption stays (the sale stays, without the plate), it is no acquired customer any more.
    await erasePlate(db, { plate: "NEW11", actorEmail: "demo@wasbord.nl", key });
    const holding = `SELECT count(*) AS n FROM (SELECT plate FROM journey_redemptions UNION ALL
      SELECT plate FROM journey_customers) WHERE plate = 'NEW11'`;
    expect(await db.query(holding)).toEqual([{ n: 0 }]);
    await syncJourney(db);
    const afterErasure = await snapshot();
    expect(afterErasure.redemptions.map((r) => [r.voucher_code, r.plate, r.seen_before, r.acquired])).toEqual(
      [
        ["GO-NEW", null, null, false],
        ["GO-OLD", "OLD11", true, false],
      ],
    );
    expect(afterErasure.customers).toEqual([]);
    expect(await rebuilt()).toEqual(afterErasure);

    // Past the retention period every plate is pseudonymised; the journey keeps its figures under the pseudonym.
    await pseudonymiseExpired(db, { retentionDays: 30, now: new Date("2027-06-01T00:00:00Z"), key });
    await syncJourney(db);
    const afterRetention = await snapshot();
    const [old] = afterRetention.redemptions.filter((r) => r.voucher_code === "GO-OLD");
    expect([old.plate, old.seen_before]).toEqual([await pseudonymOf(db, key, "OLD11"), true]);
    expect(await rebuilt()).toEqual(afterRetention);
  });
});
