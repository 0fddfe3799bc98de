import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportEnvelope, ReportsIndex } from "../../src/shared/reports/envelope.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// The filter parser and the envelope, through the endpoint. The clock stands at Saturday 21 November
// 2026, 13:00 CET.

let api: ReportsServer;

beforeAll(async () => {
  api = await startReportsServer({
    now: "2026-11-21T12:00:00Z",
    extend: [(db) => db.run("INSERT INTO app_users (email, role) VALUES ('analist@wasbord.nl', 'analist')")],
  });
}, 120_000);
afterAll(() => api?.stop());

const errorFields = async (query: string) => {
  const response = await api.get<{ error: { code: string; fields: { path: string }[] } }>(
    `/api/reports/trx-sales?${query}`,
  );
  expect(response.status).toBe(422);
  expect(response.body.error.code).toBe("validation_failed");
  return response.body.error.fields.map((field) => field.path);
};

describe("the reports API", () => {
  it("lists the reports and the sites for the filter bar", async () => {
    const { status, body } = await api.get<ReportsIndex>("/api/reports");
    expect(status).toBe(200);
    expect(body.reports).toEqual(
      expect.arrayContaining(["dashboard", "trx-sales", "trx-revenue", "trx-items"]),
    );
    expect(body.sites.map((site) => site.code)).toEqual(["houten", "utrecht", "zeist"]);
  });

  it("answers 401 without a token and 404 for a report that does not exist", async () => {
    expect((await fetch(`${api.server.url}/api/reports/trx-sales`)).status).toBe(401);
    const missing = await api.get<{ error: { code: string } }>("/api/reports/bestaat-niet");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("report_not_found");
  });

  it("documents the endpoints and their filters in the OpenAPI document", async () => {
    const document = await (await fetch(`${api.server.url}/api/openapi.json`)).json();
    const report = document.paths["/api/reports/{id}"].get;
    expect(report.parameters.map((p: { name: string }) => p.name)).toEqual([
      "id",
      "period",
      "from",
      "to",
      "compare",
      "granularity",
      "site",
      "campaign",
      "ad_group",
      "ad",
      "keyword",
      "affiliate",
      "promotion",
      "channel",
      "page",
      "programme",
      "payment_method",
      "experiment",
      "search",
      "rows",
      "table",
    ]);
    expect(report.parameters[0].schema.enum).toContain("trx-sales");
  });

  it("lets an analist read reports", async () => {
    const asAnalist = await (await api.signIn("analist@wasbord.nl", "analist")).get("/api/reports/trx-sales");
    expect(asAnalist.status).toBe(200);
  });

  it("rejects bad filter values with the path of the field", async () => {
    expect(await errorFields("from=2026-02-30&to=2026-03-01")).toEqual(["from"]);
    expect(await errorFields("from=2026-03-02&to=2026-03-01")).toEqual(["to"]);
    expect(await errorFields("period=volgend-jaar")).toEqual(["period"]);
    expect(await errorFields("period=today&from=2026-03-01")).toEqual(["from"]);
    expect(await errorFields("compare=gisteren")).toEqual(["compare"]);
    expect(await errorFields("period=this-year&granularity=hour")).toEqual(["granularity"]);
    expect(await errorFields("granularity=minuut")).toEqual(["granularity"]);
    expect(await errorFields("site=amsterdam")).toEqual(["site"]);
  });

  it("resolves presets against today in Amsterdam and says which dates it used", async () => {
    const get = async (query: string) =>
      (await api.get<ReportEnvelope>(`/api/reports/trx-sales?${query}`)).body;
    const week = await get("period=last-7-days");
    expect(week.period).toMatchObject({
      preset: "last-7-days",
      from: "2026-11-14",
      to: "2026-11-20",
      granularity: "day",
    });
    expect(week.comparison).toMatchObject({ mode: "previous", from: "2026-11-07", to: "2026-11-13" });

    const today = await get("period=today");
    expect(today.period).toMatchObject({
      from: "2026-11-21",
      granularity: "hour",
      end: "2026-11-21T12:00:00.000Z",
    });
    // Yesterday up to the same time, not the whole of yesterday.
    expect(today.comparison).toMatchObject({ from: "2026-11-20", end: "2026-11-20T12:00:00.000Z" });

    const month = await get("period=this-month&compare=previous");
    expect(month.comparison).toMatchObject({ from: "2026-10-01", to: "2026-10-21" });
    expect((await get("")).period).toMatchObject({
      preset: "last-30-days",
      from: "2026-10-22",
      to: "2026-11-20",
    });
    expect((await get("period=this-year")).period.granularity).toBe("week");
  });

  it("runs this week to now and compares it with the week before or the same ISO week last year", async () => {
    const get = async (query: string) =>
      (await api.get<ReportEnvelope>(`/api/reports/trx-sales?${query}`)).body;
    // Week 47 of 2026 so far: Monday 16 November to Saturday 21 November 13:00.
    const week = await get("period=this-week");
    expect(week.period).toMatchObject({ preset: "this-week", from: "2026-11-16", to: "2026-11-21" });
    expect(week.period.end).toBe("2026-11-21T12:00:00.000Z");
    // The week before, cut off at the same weekday and time.
    expect(week.comparison).toMatchObject({
      from: "2026-11-09",
      to: "2026-11-14",
      end: "2026-11-14T12:00:00.000Z",
    });
    // Week 47 of 2025 began on Monday 17 November 2025: Monday to Saturday 13:00, weekday to weekday.
    const lastYear = await get("period=this-week&compare=year");
    expect(lastYear.comparison).toMatchObject({
      mode: "year",
      from: "2025-11-17",
      to: "2025-11-22",
      end: "2025-11-22T12:00:00.000Z",
    });
    expect((await get("period=last-quarter")).period).toMatchObject({ from: "2026-07-01", to: "2026-09-30" });
    expect((await get("period=last-year&compare=previous")).comparison).toMatchObject({
      from: "2024-01-01",
      to: "2024-12-31",
    });
    const document = await (await fetch(`${api.server.url}/api/openapi.json`)).json();
    const period = document.paths["/api/reports/{id}"].get.parameters[1];
    expect(period.schema.enum).toEqual(expect.arrayContaining(["this-week", "last-week", "last-year"]));
  });

  it("answers an empty period with zeros, empty buckets and no ratios", async () => {
    const body = (await api.get<ReportEnvelope>("/api/reports/trx-sales?from=2024-01-01&to=2024-01-03")).body;
    expect(body.kpis.map((k) => [k.key, k.value])).toEqual([
      ["transactions", 0],
      ["member_washes", 0],
      ["average_ticket", null],
      ["upsell_rate", null],
      ["revenue", 0],
      // nothing sold a year earlier either: no change to correct
      ["transactions_change_weather_corrected", null],
    ]);
    expect(body.series[0].points.map((p) => p.value)).toEqual([0, 0, 0]);
  });
});
