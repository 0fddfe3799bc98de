import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/server/ingest/api-keys.ts";
import { erasePlate } from "../../src/server/privacy/erase-plate.ts";
import { pseudonymKey } from "../../src/server/privacy/pseudonym.ts";
import { type IngestServer, startIngestServer } from "./ingest-fixture.ts";

// POST /api/ingest/memberships (REPORT-DEFINITIONS §5) on the ingestion fixture (sites zeist = 1 and houten
// = 2; items basis, premium, velgen) with two subscription items added: onbeperkt (4) and onbeperkt-premium
// (5). Every expected value below is worked out by hand from the events sent.

let server: IngestServer;
const keys = { memberships: "", houtenMemberships: "" };

beforeAll(async () => {
  server = await startIngestServer();
  await server.db.run(`INSERT INTO items (id, code, name, kind, price_cents, vat_rate_percent) VALUES
    (4, 'onbeperkt', 'Onbeperkt wassen', 'abonnement', 2499, 21),
    (5, 'onbeperkt-premium', 'Onbeperkt premium', 'abonnement', 3499, 21)`);
  keys.memberships = (await createApiKey(server.db, { name: "kassasysteem", scope: "memberships" })).secret;
  keys.houtenMemberships = (
    await createApiKey(server.db, { name: "kassa houten", scope: "memberships", siteId: 2 })
  ).secret;
});
afterAll(() => server.close());

function post(body: unknown, options: { key?: string; path?: string } = {}) {
  return fetch(`${server.url}${options.path ?? "/memberships"}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${options.key ?? keys.memberships}`,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const count = async (sql: string) => (await server.db.query<{ n: number }>(sql))[0].n;

type Event = Record<string, unknown>;
const event = (eventId: string, type: string, at: string, extra: Event = {}): Event => ({
  eventId,
  memberId: "ABO-1",
  type,
  at,
  ...extra,
});

describe("POST /memberships: storing", () => {
  it("stores a batch with one event of every type, plates normalised as plate reads are", async () => {
    const batch = [
      event("a-1", "signup", "2026-03-01T09:00:00+01:00", {
        site: "zeist",
        plan: "Onbeperkt",
        plates: ["gbb-01-b", "8B-12-34"],
        channel: "site",
        voucherCode: "fb-aaaa-1111",
      }),
      event("a-2", "charge", "2026-03-01T09:00:05+01:00", { site: "zeist", amountCents: 2499 }),
      event("a-3", "decline", "2026-04-01T03:00:00Z", { site: null, reason: "Saldo ontoereikend" }),
      event("a-4", "pause", "2026-05-10T12:00:00+02:00"),
      event("a-5", "resume", "2026-06-10T12:00:00+02:00"),
      event("a-6", "plan_change", "2026-07-01T00:00:00+02:00", { plan: "onbeperkt-premium" }),
      event("a-7", "plate_change", "2026-08-15T18:30:00+02:00", { plates: ["XX 99 XX"] }),
      event("a-8", "cancel", "2026-09-30T23:59:59+02:00", { initiatedBy: "member", reason: "Verhuisd" }),
    ];
    const response = await post(batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 8, duplicates: 0 });

    const rows = await server.db.query(
      `SELECT event_id, member_id, type, occurred_at, site_id, plan_item_id, amount_cents, initiated_by, reason,
         channel, voucher_code FROM membership_events WHERE event_id LIKE 'a-%' ORDER BY event_id`,
    );
    const none = { site_id: null, plan_item_id: null, amount_cents: null, initiated_by: null, reason: null };
    const noSale = { channel: null, voucher_code: null };
    const stored = (eventId: string, type: string, occurredAt: string, extra: Event = {}) => ({
      event_id: eventId,
      member_id: "ABO-1",
      type,
      occurred_at: occurredAt,
      ...none,
      ...noSale,
      ...extra,
    });
    expect(rows).toEqual([
      // 09:00 at +01:00 is 08:00 UTC; the plan code is matched case-insensitively, the voucher upper-cased.
      stored("a-1", "signup", "2026-03-01T08:00:00.000Z", {
        site_id: 1,
        plan_item_id: 4,
        channel: "site",
        voucher_code: "FB-AAAA-1111",
      }),
      stored("a-2", "charge", "2026-03-01T08:00:05.000Z", { site_id: 1, amount_cents: 2499 }),
      stored("a-3", "decline", "2026-04-01T03:00:00.000Z", { reason: "Saldo ontoereikend" }),
      stored("a-4", "pause", "2026-05-10T10:00:00.000Z"),
      stored("a-5", "resume", "2026-06-10T10:00:00.000Z"),
      // Midnight at the start of 1 July in summer time is 22:00 UTC on 30 June.
      stored("a-6", "plan_change", "2026-06-30T22:00:00.000Z", { plan_item_id: 5 }),
      stored("a-7", "plate_change", "2026-08-15T16:30:00.000Z"),
      stored("a-8", "cancel", "2026-09-30T21:59:59.000Z", { initiated_by: "member", reason: "Verhuisd" }),
    ]);
    expect(
      await server.db.query(
        `SELECT event_id, plate_no, member_id, occurred_at, plate, sidecode FROM membership_event_plates
         WHERE event_id LIKE 'a-%' ORDER BY event_id, plate_no`,
      ),
    ).toEqual([
      // GBB01B is sidecode 11 as given; 8B1234 fits no sidecode, of its 0/O 1/I 8/B 5/S variants only
      // BB1234 (sidecode 1) does; XX99XX is sidecode 4.
      {
        event_id: "a-1",
        plate_no: 1,
        member_id: "ABO-1",
        occurred_at: "2026-03-01T08:00:00.000Z",
        plate: "GBB01B",
        sidecode: 11,
      },
      {
        event_id: "a-1",
        plate_no: 2,
        member_id: "ABO-1",
        occurred_at: "2026-03-01T08:00:00.000Z",
        plate: "BB1234",
        sidecode: 1,
      },
      {
        event_id: "a-7",
        plate_no: 1,
        member_id: "ABO-1",
        occurred_at: "2026-08-15T16:30:00.000Z",
        plate: "XX99XX",
        sidecode: 4,
      },
    ]);
  });

  it("stores events as they come: a charge before its signup, a cancel before both", async () => {
    const cancel = event("b-3", "cancel", "2026-06-01T10:00:00Z", {
      memberId: "ABO-2",
      initiatedBy: "system",
    });
    const charge = event("b-2", "charge", "2026-05-01T10:00:00Z", { memberId: "ABO-2", amountCents: 2499 });
    const signup = event("b-1", "signup", "2026-04-30T10:00:00Z", {
      memberId: "ABO-2",
      plan: "onbeperkt",
      plates: ["HH-200-H"],
    });
    expect(await (await post([cancel])).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await (await post([charge, signup])).json()).toEqual({ accepted: 2, duplicates: 0 });
    const stored = await server.db.query(
      "SELECT event_id, type FROM membership_events WHERE member_id = 'ABO-2' ORDER BY occurred_at",
    );
    expect(stored).toEqual([
      { event_id: "b-1", type: "signup" },
      { event_id: "b-2", type: "charge" },
      { event_id: "b-3", type: "cancel" },
    ]);
  });

  it("takes a left-out or null site as online, and null for a field the type does not carry as left out", async () => {
    const response = await post([
      event("c-1", "charge", "2026-03-02T10:00:00Z", { amountCents: 0, plan: null, plates: null }),
    ]);
    expect(await response.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(
      await server.db.query("SELECT site_id, amount_cents FROM membership_events WHERE event_id = 'c-1'"),
    ).toEqual([{ site_id: null, amount_cents: 0 }]);
  });
});

describe("POST /memberships: a repeated eventId", () => {
  const signup = (eventId: string, at = "2026-03-03T10:00:00Z") =>
    event(eventId, "signup", at, { memberId: "ABO-3", plan: "onbeperkt", plates: ["SS-400-S", "MM300M"] });

  it("stores an id repeated within the batch once, with its plates once", async () => {
    const response = await post([signup("d-1"), signup("d-1"), signup("d-2")]);
    expect(await response.json()).toEqual({ accepted: 2, duplicates: 1 });
    expect(await count("SELECT count(*) AS n FROM membership_events WHERE event_id LIKE 'd-%'")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM membership_event_plates WHERE event_id LIKE 'd-%'")).toBe(
      4,
    );
  });

  it("a retried batch stores nothing twice, even with an id sent again at another time", async () => {
    expect(await (await post([signup("d-1"), signup("d-2")])).json()).toEqual({ accepted: 0, duplicates: 2 });
    // d-1 is stored at 3 March 2026, outside this batch's time span (1 January 2025): the UNIQUE constraint
    // refuses the insert and the check runs again over the whole table.
    const moved = await post([signup("d-1", "2025-01-01T00:00:00Z"), signup("d-3", "2025-01-01T00:00:01Z")]);
    expect(await moved.json()).toEqual({ accepted: 1, duplicates: 1 });
    expect(await count("SELECT count(*) AS n FROM membership_events WHERE event_id LIKE 'd-%'")).toBe(3);
    expect(await count("SELECT count(*) AS n FROM membership_event_plates WHERE event_id LIKE 'd-%'")).toBe(
      6,
    );
    const [first] = await server.db.query("SELECT occurred_at FROM membership_events WHERE event_id = 'd-1'");
    expect(first).toEqual({ occurred_at: "2026-03-03T10:00:00.000Z" });
  });
});

describe("POST /memberships: validation", () => {
  const ok = event("v-0", "charge", "2026-03-04T10:00:00Z", { amountCents: 2499 });
  const signup = (eventId: string, extra: Event) =>
    event(eventId, "signup", "2026-03-04T10:00:00Z", { plan: "onbeperkt", plates: ["GBB01B"], ...extra });

  async function refused(batch: Event[]) {
    const response = await post(batch);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(await count("SELECT count(*) AS n FROM membership_events WHERE event_id LIKE 'v-%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM membership_event_plates WHERE event_id LIKE 'v-%'")).toBe(
      0,
    );
    return body.error.fields.map((f: { row: number; path: string; message: string }) => [f.path, f.message]);
  }

  it("refuses a batch with a bad field anywhere, naming each, and stores nothing of it (not even its good rows)", async () => {
    const fields = await refused([
      ok,
      event("v-".padEnd(65, "x"), "pause", "2026-03-04T10:00:00Z"),
      event("v-2", "pause", "2026-03-04T10:00:00Z", { memberId: "M".repeat(65) }),
      event("v-3", "upgrade", "2026-03-04T10:00:00Z"),
      event("v-4", "pause", "2026-03-04 10:00"),
      event("v-5", "pause", "2026-03-04T10:00:00"),
      signup("v-6", { plan: undefined }),
      signup("v-7", { plates: [] }),
      signup("v-8", { plates: ["AA11BB", "BB22CC", "CC33DD", "DD44FF"] }),
      signup("v-9", { plates: ["GBB01B", "GB€01B", "gbb-01-b"] }),
      event("v-10", "plate_change", "2026-03-04T10:00:00Z"),
      event("v-11", "charge", "2026-03-04T10:00:00Z"),
      event("v-12", "charge", "2026-03-04T10:00:00Z", { amountCents: -1 }),
      event("v-13", "charge", "2026-03-04T10:00:00Z", { amountCents: 24.99 }),
      event("v-14", "cancel", "2026-03-04T10:00:00Z"),
      event("v-15", "cancel", "2026-03-04T10:00:00Z", { initiatedBy: "klant" }),
      event("v-16", "decline", "2026-03-04T10:00:00Z", { reason: "x".repeat(201) }),
      signup("v-17", { channel: "telefoon" }),
      event("v-18", "plan_change", "2026-03-04T10:00:00Z"),
    ]);
    expect(fields).toEqual([
      ["[1].eventId", "Gebruik 1 tot 64 zichtbare ASCII-tekens, zonder spaties."],
      ["[2].memberId", "Te lang: verwacht dat string <=64 tekens heeft"],
      [
        "[3].type",
        'Ongeldige optie: verwacht één van "signup"|"charge"|"decline"|"cancel"|"pause"|"resume"|"plan_change"|"plate_change"',
      ],
      ["[4].at", "Ongeldig: ISO datum en tijd"],
      // an instant without an offset is not one
      ["[5].at", "Ongeldig: ISO datum en tijd"],
      ["[6].plan", "Verplicht bij een signup."],
      ["[7].plates", "Te klein: verwacht dat array >=1 elementen heeft"],
      ["[8].plates", "Te groot: verwacht dat array <=3 elementen heeft"],
      [
        "[9].plates[1]",
        "Een kenteken bestaat uit letters A–Z en cijfers; spaties, punten en streepjes mogen ertussen.",
      ],
      ["[9].plates[2]", "Kenteken GBB01B staat al eerder in de lijst."],
      ["[10].plates", "Verplicht bij een plate_change."],
      ["[11].amountCents", "Verplicht bij een charge."],
      ["[12].amountCents", "Te klein: verwacht dat number >=0 is"],
      ["[13].amountCents", "Ongeldige invoer: verwacht int, ontving getal"],
      ["[14].initiatedBy", "Verplicht bij een cancel."],
      ["[15].initiatedBy", 'Ongeldige optie: verwacht één van "member"|"system"'],
      ["[16].reason", "Te lang: verwacht dat string <=200 tekens heeft"],
      ["[17].channel", 'Ongeldige optie: verwacht één van "site"|"online"|"app"'],
      ["[18].plan", "Verplicht bij een plan_change."],
    ]);
  });

  it("refuses a field that does not belong to the event's type, saying which types it belongs to", async () => {
    const fields = await refused([
      ok,
      signup("v-20", { amountCents: 2499, initiatedBy: "member", reason: "Actie" }),
      event("v-21", "charge", "2026-03-04T10:00:00Z", {
        amountCents: 2499,
        plan: "onbeperkt",
        plates: ["GBB01B"],
      }),
      event("v-22", "pause", "2026-03-04T10:00:00Z", { channel: "app", voucherCode: "FB-AAAA-1111" }),
      event("v-23", "plate_change", "2026-03-04T10:00:00Z", { plates: ["GBB01B"], plan: "onbeperkt" }),
    ]);
    expect(fields).toEqual([
      ["[1].amountCents", "Hoort niet bij een signup; alleen bij charge."],
      ["[1].initiatedBy", "Hoort niet bij een signup; alleen bij cancel."],
      ["[1].reason", "Hoort niet bij een signup; alleen bij cancel en decline."],
      ["[2].plan", "Hoort niet bij een charge; alleen bij signup en plan_change."],
      ["[2].plates", "Hoort niet bij een charge; alleen bij signup en plate_change."],
      ["[3].channel", "Hoort niet bij een pause; alleen bij signup."],
      ["[3].voucherCode", "Hoort niet bij een pause; alleen bij signup."],
      ["[4].plan", "Hoort niet bij een plate_change; alleen bij signup en plan_change."],
    ]);
  });

  it("refuses unknown sites and plans, and a plan that is not a subscription item", async () => {
    const fields = await refused([
      ok,
      event("v-30", "charge", "2026-03-04T10:00:00Z", { site: "utrecht", amountCents: 2499 }),
      signup("v-31", { plan: "goud" }),
      event("v-32", "plan_change", "2026-03-04T10:00:00Z", { plan: "premium" }),
    ]);
    expect(fields).toEqual([
      ["[1].site", "Onbekende vestiging 'utrecht'."],
      ["[2].plan", "Onbekende abonnementscode 'goud'."],
      ["[3].plan", "Item 'premium' is geen abonnement (soort programma)."],
    ]);
  });

  it("refuses more than 5 000 events with 413, and stores nothing", async () => {
    const rows = Array.from({ length: 5_001 }, (_, i) => ({ ...ok, eventId: `v-many-${i}` }));
    const response = await post(rows);
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe(
      "Een batch mag hoogstens 5.000 rijen en 10 MB bevatten.",
    );
    expect(await count("SELECT count(*) AS n FROM membership_events WHERE event_id LIKE 'v-%'")).toBe(0);
  });
});

describe("POST /memberships: API keys", () => {
  const charge = (eventId: string, site: string | null = "houten") =>
    event(eventId, "charge", "2026-03-05T10:00:00Z", { site, amountCents: 2499 });

  it("takes a memberships or an all key, and refuses a key for another endpoint with 403", async () => {
    expect(await (await post([charge("k-1")], { key: keys.memberships })).json()).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    expect(await (await post([charge("k-2")], { key: server.keys.all })).json()).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    const plateReads = await post([charge("k-3")], { key: server.keys.zeistOnly });
    expect(plateReads.status).toBe(403);
    expect((await plateReads.json()).error.message).toBe(
      "Deze API-sleutel is alleen geldig voor plate-reads.",
    );
    expect((await post([charge("k-4")], { key: server.keys.adStatsOnly })).status).toBe(403);
    // and a memberships key is no key for plate reads
    expect((await post([], { key: keys.memberships, path: "/plate-reads" })).status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM membership_events WHERE event_id LIKE 'k-%'")).toBe(2);
  });

  it("lets a site's key send only that site's events, not another's nor online ones", async () => {
    const key = { key: keys.houtenMemberships };
    expect((await post([charge("k-5")], key)).status).toBe(200);
    const refused = await post([charge("k-6"), charge("k-7", "zeist"), charge("k-8", null)], key);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.fields.map((f: { path: string }) => f.path)).toEqual([
      "[1].site",
      "[2].site",
    ]);
    expect(
      await count("SELECT count(*) AS n FROM membership_events WHERE event_id IN ('k-6', 'k-7', 'k-8')"),
    ).toBe(0);
  });
});

describe("erasure of a member's plate", () => {
  it("takes the plate out of the membership's plates, keeping its events and its other plates", async () => {
    const signup = event("p-1", "signup", "2026-03-06T10:00:00Z", {
      memberId: "ABO-9",
      plan: "onbeperkt",
      plates: ["RR-11-RR", "tt-22-tt"],
    });
    const change = event("p-2", "plate_change", "2026-04-06T10:00:00Z", {
      memberId: "ABO-9",
      plates: ["RR11RR"],
    });
    expect(await (await post([signup, change])).json()).toEqual({ accepted: 2, duplicates: 0 });
    const key = pseudonymKey("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
    await erasePlate(server.db, { plate: "RR11RR", actorEmail: "beheerder@wasbord.nl", key });
    expect(
      await server.db.query(
        "SELECT event_id, plate_no, plate FROM membership_event_plates WHERE member_id = 'ABO-9' ORDER BY event_id",
      ),
    ).toEqual([{ event_id: "p-1", plate_no: 2, plate: "TT22TT" }]);
    expect(await count("SELECT count(*) AS n FROM membership_events WHERE member_id = 'ABO-9'")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM membership_event_plates WHERE plate = 'RR11RR'")).toBe(0);
  });
});
