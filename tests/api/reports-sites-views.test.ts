import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportEnvelope, Table } from "../../src/shared/reports/envelope.ts";
import type { SavedView } from "../../src/shared/reports/saved-views.ts";
import type { ApiClient } from "../support/api-client.ts";
import { extendWithCustomers } from "./fixtures/customers-fixture.ts";
import { insertTransaction, type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Several sites at once, the programme and payment-method filters, and saved views. Figures worked out by
// hand from tests/api/fixtures/reports-fixture.ts (prices: basis 1210, premium 1815, velgen 363, wax 484,
// abo 2420; C5 has 121 off), plus one sale H1 this file adds at Houten (the fixture's third site):
//
// week 43 (19–25 Oct)  utrecht: C1 1210 pin basis, C2 2178 pin premium+velgen, C9 1210 pin basis,
//                               C5 1089 pin basis, C6 1573 pin basis+velgen        → 5 sales, 7 260
//                      zeist:   C3 1210 contant basis, C8 1210 pin basis, C4 2299 app premium+wax,
//                               C7 2420 ideal online abo                            → 4 sales, 7 139
//                      houten:  H1 1815 pin premium                                 → 1 sale,  1 815
// week 42 (12–18 Oct)  utrecht: P1 1210 pin basis, P3 1210 contant basis; zeist: P4 1815 pin premium,
//                               P2 2178 pin premium+velgen                          → 4 sales, 6 413

const WEEK_43 = "from=2026-10-19&to=2026-10-25";
const NOW = "2026-11-21T12:00:00Z";

const H1 = {
  id: "H1",
  site: "houten",
  at: "2026-10-22T10:00:00Z", // Thu 12:00
  payment: "pin" as const,
  lines: [["premium"]] as [string][],
};

let api: ReportsServer;
let customers: ReportsServer;

beforeAll(async () => {
  [api, customers] = await Promise.all([
    startReportsServer({
      now: NOW,
      extend: [
        (db, ids) => insertTransaction(db, ids, H1),
        (db) => db.run("INSERT INTO app_users (email, role) VALUES ('analist@wasbord.nl', 'analist')"),
      ],
    }),
    startReportsServer({ now: NOW, extend: [extendWithCustomers] }),
  ]);
}, 180_000);
afterAll(async () => {
  await api?.stop();
  await customers?.stop();
});

const report = async (server: ReportsServer, id: string, query: string) => {
  const response = await server.get<ReportEnvelope>(`/api/reports/${id}?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const kpi = (body: ReportEnvelope, key: string) => {
  const found = body.kpis.find((k) => k.key === key);
  if (!found) throw new Error(`no KPI ${key}`);
  return { value: found.value, previous: found.previous };
};
const table = (body: ReportEnvelope, key: string): Table => {
  const found = body.tables.find((t) => t.key === key);
  if (!found) throw new Error(`no table ${key}`);
  return found;
};
const refused = async (server: ReportsServer, path: string) => {
  const response = await server.get<{ error: { fields: { path: string; message: string }[] } }>(path);
  expect(response.status).toBe(422);
  return response.body.error.fields;
};

describe("several sites at once", () => {
  it("sums the set: Utrecht and Zeist, without Houten", async () => {
    const body = await report(api, "trx-sales", `${WEEK_43}&site=utrecht,zeist`);
    expect(body.sites).toEqual([
      { code: "utrecht", name: "Utrecht Centrum" },
      { code: "zeist", name: "Zeist" },
    ]);
    // 5 + 4 sales, 7 260 + 7 139 = 14 399; week 42: 4 sales, 6 413. H1 (Houten) is not in it.
    expect(kpi(body, "transactions")).toEqual({ value: 9, previous: 4 });
    expect(kpi(body, "revenue")).toEqual({ value: 14_399, previous: 6_413 });
    const bySite = table(body, "by_site");
    expect(bySite.rows.map((row) => [row.site, row.transactions])).toEqual([
      ["Utrecht Centrum", 5],
      ["Zeist", 4],
    ]);
    expect(bySite.totals?.transactions).toBe(9);
  });

  it("gives the whole chain, Houten included, without a site", async () => {
    const body = await report(api, "trx-sales", WEEK_43);
    expect(body.sites).toEqual([]);
    expect(kpi(body, "transactions")).toEqual({ value: 10, previous: 4 }); // + H1
    expect(kpi(body, "revenue").value).toBe(14_399 + 1_815);
  });

  it("reads a site once however often it is named, and keeps a single-site link working", async () => {
    const twice = await report(api, "trx-revenue", `${WEEK_43}&site=zeist,zeist`);
    expect(kpi(twice, "revenue").value).toBe(7_139);
    const one = await report(api, "trx-revenue", `${WEEK_43}&site=houten`);
    expect(one.sites).toEqual([{ code: "houten", name: "Houten" }]);
    expect(kpi(one, "revenue")).toEqual({ value: 1_815, previous: 0 });
  });

  it("counts a customer seen at both sites of the set once", async () => {
    // customers-fixture week 43: Utrecht HH200H SS400S PQ777R(2) AB123C KL456M = 5 plates, 6 visits;
    // Zeist TT100T ZZ001Z AB123C = 3 plates, 3 visits. The set: 7 plates (AB123C once), 9 visits.
    // Week 42: Utrecht KL456M, HH200H → 2 plates, 2 visits; MM300M came to Houten, outside the set.
    const body = await report(customers, "users-unique", `${WEEK_43}&site=utrecht,zeist`);
    expect(kpi(body, "plates")).toEqual({ value: 7, previous: 2 });
    expect(kpi(body, "visits")).toEqual({ value: 9, previous: 2 });
    expect(table(body, "by_site").rows.map((row) => [row.site, row.plates])).toEqual([
      ["Utrecht Centrum", 5],
      ["Zeist", 3],
    ]);
    // Per customer within the set: PQ777R twice at Utrecht, AB123C once at each site, the other five once.
    expect(table(body, "by_frequency").rows.map((row) => [row.frequency, row.plates, row.visits])).toEqual([
      ["1", 5, 5],
      ["2", 2, 4],
      ["3–5", 0, 0],
      ["6–10", 0, 0],
      ["> 10", 0, 0],
    ]);
    const ab = table(body, "top_customers").rows.find((row) => row.plate === "AB123C");
    expect([ab?.visits, ab?.sites]).toEqual([2, 2]);

    // New to the chain in week 43: ZZ001Z, PQ777R, AB123C; the other 4 returning. Week 42: both new.
    const type = await report(customers, "users-type", `${WEEK_43}&site=utrecht,zeist`);
    expect(kpi(type, "new")).toEqual({ value: 3, previous: 2 });
    expect(kpi(type, "returning")).toEqual({ value: 4, previous: 0 });
    // Flow reads the set's whole history for the gaps; its visits are the same 9 and 2.
    const flow = await report(customers, "users-flow", `${WEEK_43}&site=utrecht,zeist`);
    expect(kpi(flow, "visits")).toEqual({ value: 9, previous: 2 });
  });

  it("measures Flow's gaps from the previous visit within the set", async () => {
    const gaps = (body: ReportEnvelope) =>
      body.series.find((s) => s.key === "visits_by_gap")?.points.map((p) => [p.x, p.value]);
    const classes = [
      "< 1 week",
      "1–2 weken",
      "2–4 weken",
      "1–2 maanden",
      "2–3 maanden",
      "3–6 maanden",
      "> 6 maanden",
    ];
    const perClass = (visits: number[]) => classes.map((label, i) => [label, visits[i]]);
    // Utrecht and Zeist: as for the whole chain (reports-customers-flow.test.ts), since every earlier visit
    // of these customers was at one of the two. Two visits' previous visit was at the other site: V4 TT100T
    // (Zeist) 8 710 h after its Utrecht visit of 2025, V10 AB123C (Utrecht) 2 h after V9 at Zeist. Gaps 0,
    // 2, 168, 281, 1 008, 8 710 h: median the third, 168 h = 7 days.
    const both = await report(customers, "users-flow", `${WEEK_43}&site=utrecht,zeist`);
    expect(kpi(both, "median_gap_days")).toEqual({ value: 7, previous: null });
    expect(gaps(both)).toEqual(perClass([2, 2, 0, 1, 0, 0, 1]));
    // Utrecht and Houten, week 43: V5 168 h, V12 1 008 h, V8 0 h, V11 281 h; V7 is a first visit, and V10
    // AB123C's previous visit was at Zeist, outside the set, with none before it in the set: no gap. Gaps 0,
    // 168, 281, 1 008: median the second, 168 h = 7 days. Week 42 (V1, V2, V3): first visits only.
    const other = await report(customers, "users-flow", `${WEEK_43}&site=utrecht,houten`);
    expect(kpi(other, "visits")).toEqual({ value: 6, previous: 3 });
    expect(kpi(other, "median_gap_days")).toEqual({ value: 7, previous: null });
    expect(gaps(other)).toEqual(perClass([1, 2, 0, 1, 0, 0, 0]));
  });

  it("refuses an unknown code, naming it and the field", async () => {
    expect(await refused(api, `/api/reports/trx-sales?site=utrecht,amsterdam,gouda`)).toEqual([
      { path: "site", message: "Onbekende vestigingen: amsterdam, gouda." },
    ]);
    expect((await refused(api, "/api/reports/trx-sales?site=utrecht,,zeist")).map((f) => f.path)).toEqual([
      "site",
    ]);
  });
});

describe("programme and payment-method filters", () => {
  it("narrows the sales to a payment method", async () => {
    // pin in Utrecht+Zeist, week 43: C1 1210, C2 2178, C9 1210, C5 1089, C6 1573, C8 1210 = 6 sales, 8 470;
    // their washes: 6, with an extra C2 and C6. Week 42: P1 1210, P4 1815, P2 2178 = 3 sales, 5 203;
    // washes 3, with an extra P2.
    const body = await report(api, "trx-sales", `${WEEK_43}&site=utrecht,zeist&payment_method=pin`);
    expect(body.dimensions).toEqual({ payment_method: "pin" });
    expect(kpi(body, "transactions")).toEqual({ value: 6, previous: 3 });
    expect(kpi(body, "revenue")).toEqual({ value: 8_470, previous: 5_203 });
    expect(kpi(body, "upsell_rate")).toEqual({ value: 2 / 6, previous: 1 / 3 });
    expect(table(body, "by_payment_method").rows.map((row) => row.payment_method)).toEqual(["Pin"]);
  });

  it("narrows to the sales of a programme, with what was sold with it", async () => {
    // premium, whole chain, week 43: C2 (premium+velgen 2 178), C4 (premium+wax 2 299), H1 (premium 1 815)
    // = 6 292; week 42: P4 1 815, P2 2 178 = 3 993.
    const revenue = await report(api, "trx-revenue", `${WEEK_43}&programme=premium`);
    expect(kpi(revenue, "revenue")).toEqual({ value: 6_292, previous: 3_993 });
    // The items of those sales: premium 3 (5 445), velgen 1, wax 1; basis is in none of them.
    const items = await report(api, "trx-items", `${WEEK_43}&programme=premium`);
    expect(kpi(items, "programmes")).toEqual({ value: 3, previous: 2 });
    expect(kpi(items, "programme_price").value).toBe(1_815);
    expect(table(items, "extras").rows.map((row) => row.quantity)).toEqual([1, 1]);
    // Both filters and a set of sites together: premium paid by pin in Utrecht+Zeist is C2 alone.
    const both = await report(
      api,
      "trx-sales",
      `${WEEK_43}&site=utrecht,zeist&programme=premium&payment_method=pin`,
    );
    expect(kpi(both, "transactions")).toEqual({ value: 1, previous: 2 }); // week 42: P4, P2
  });

  it("refuses an extra as programme and an unknown payment method, with the field path", async () => {
    expect((await refused(api, `/api/reports/trx-items?programme=velgen`)).map((f) => f.path)).toEqual([
      "programme",
    ]);
    expect((await refused(api, `/api/reports/trx-sales?payment_method=bitcoin`)).map((f) => f.path)).toEqual([
      "payment_method",
    ]);
    // Reports without sales facts do not take them.
    expect((await refused(api, `/api/reports/users-unique?programme=basis`)).map((f) => f.path)).toEqual([
      "programme",
    ]);
  });
});

describe("saved views", () => {
  let demo: ApiClient;
  let analist: ApiClient;
  beforeAll(async () => {
    [demo, analist] = await Promise.all([
      api.signIn("demo@wasbord.nl", "demo"),
      api.signIn("analist@wasbord.nl", "analist"),
    ]);
  });

  it("saves, lists and deletes a person's own views, and only theirs", async () => {
    const query = `${WEEK_43}&site=utrecht,zeist&payment_method=pin`;
    const created = await demo.post<SavedView>("/api/saved-views", {
      report: "trx-sales",
      name: "  Pin in Utrecht en Zeist ",
      query,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      report: "trx-sales",
      name: "Pin in Utrecht en Zeist",
      query: "from=2026-10-19&to=2026-10-25&site=utrecht%2Czeist&payment_method=pin",
    });
    // The stored query string opens the same figures as the one it came from.
    expect(kpi(await report(api, "trx-sales", created.body.query), "transactions").value).toBe(6);

    const other = await analist.post<SavedView>("/api/saved-views", {
      report: "trx-sales",
      name: "Pin in Utrecht en Zeist", // the same name is fine for another person
      query: "period=this-month",
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);

    // The columns chosen for a table (the screen's "Kolommen") are part of the view.
    const columns = await demo.post<SavedView>("/api/saved-views", {
      report: "trx-items",
      name: "Alleen omzet",
      query: "period=this-month&cols.programmes=item,revenue",
    });
    expect(columns.status, JSON.stringify(columns.body)).toBe(201);
    expect(columns.body.query).toBe("period=this-month&cols.programmes=item%2Crevenue");
    expect((await demo.delete(`/api/saved-views/${columns.body.id}`)).status).toBe(204);

    const mine = await demo.get<SavedView[]>("/api/saved-views?report=trx-sales");
    expect(mine.body.map((view) => view.id)).toEqual([created.body.id]);
    expect((await demo.get<SavedView[]>("/api/saved-views?report=trx-items")).body).toEqual([]);
    const theirs = await analist.get<SavedView[]>("/api/saved-views");
    expect(theirs.body.map((view) => view.id)).toEqual([other.body.id]);

    // Someone else's view does not exist for you: 404, and it is still there.
    expect((await analist.delete(`/api/saved-views/${created.body.id}`)).status).toBe(404);
    expect((await demo.get<SavedView[]>("/api/saved-views")).body).toHaveLength(1);
    expect((await demo.delete(`/api/saved-views/${created.body.id}`)).status).toBe(204);
    expect((await demo.get<SavedView[]>("/api/saved-views")).body).toEqual([]);
    expect((await demo.delete(`/api/saved-views/${created.body.id}`)).status).toBe(404);
    expect((await analist.get<SavedView[]>("/api/saved-views")).body).toHaveLength(1);
  });

  it("refuses a bad view with the exact field path, and saves nothing", async () => {
    const fields = async (body: unknown) => {
      const response = await demo.post<{ error: { fields: { path: string; message: string }[] } }>(
        "/api/saved-views",
        body,
      );
      expect(response.status).toBe(422);
      return response.body.error.fields;
    };
    expect(await fields({ report: "trx-sales", name: " ", query: "" })).toEqual([
      { path: "name", message: "Geef de weergave een naam." },
    ]);
    expect((await fields({ report: "trx-nope", name: "X", query: "" })).map((f) => f.path)).toEqual([
      "report",
    ]);
    expect(await fields({ report: "trx-sales", name: "X", query: "site=utrecht,amsterdam" })).toEqual([
      { path: "query.site", message: "Onbekende vestiging: amsterdam." },
    ]);
    expect(
      (await fields({ report: "trx-sales", name: "X", query: "granularity=eeuw" })).map((f) => f.path),
    ).toEqual(["query.granularity"]);
    expect(
      (await fields({ report: "trx-sales", name: "X", query: "campaign=Winter" })).map((f) => f.path),
    ).toEqual(["query.campaign"]);
    expect((await fields({ report: "trx-sales", query: "" })).map((f) => f.path)).toEqual(["name"]);
    expect(
      (await fields({ report: "trx-sales", name: "X", query: "cols.by_ad=ad,spend" })).map((f) => f.path),
    ).toEqual(["query.cols.by_ad"]);

    const first = await demo.post("/api/saved-views", {
      report: "trx-items",
      name: "Maand",
      query: "period=this-month",
    });
    expect(first.status).toBe(201);
    expect(await fields({ report: "trx-items", name: "Maand", query: "period=last-month" })).toEqual([
      { path: "name", message: "Je hebt al een weergave met deze naam bij dit rapport." },
    ]);
    const stored = (await demo.get<SavedView[]>("/api/saved-views")).body;
    expect(stored.map((view) => [view.name, view.query])).toEqual([["Maand", "period=this-month"]]);
  });
});
