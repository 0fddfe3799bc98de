import { writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueEntry, REPORT_IDS } from "../../src/shared/reports/catalogue.ts";
import type { ReportEnvelope } from "../../src/shared/reports/envelope.ts";
import { type ApiClient, apiClient } from "../support/api-client.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Exports (Excel, CSV by URL) and read-only report tokens, on the hand-made fixture
// (tests/api/fixtures/reports-fixture.ts). Week 43 (Mon 19 – Sun 25 October 2026), revenue incl. VAT in
// cents, worked out in reports-transactions.test.ts:
//   Utrecht Centrum: C1 1210 + C2 2178 + C9 1210 + C5 1089 + C6 1573 = 7 260  → € 72,60
//   Zeist:           C3 1210 + C8 1210 + C4 2299 + C7 2420           = 7 139  → € 71,39
//   Houten: no sales → 0; the whole week 14 399 (€ 143,99), week 42: 6 413 (€ 64,13).
// So the KPI "Omzet incl. btw" changed by 14 399 / 6 413 − 1 = +124,5 %.

let server: ReportsServer;
let admin: ApiClient;
let analist: ApiClient;
const WEEK_43 = "from=2026-10-19&to=2026-10-25";

beforeAll(async () => {
  server = await startReportsServer({
    extend: [
      async (db) => db.run("INSERT INTO app_users (email, role) VALUES ('analist@wasbord.nl', 'analist')"),
    ],
    now: "2026-11-21T12:00:00Z",
  });
  admin = await server.signIn("demo@wasbord.nl", "demo");
  analist = await server.signIn("analist@wasbord.nl", "analist");
}, 120_000);
afterAll(() => server?.stop());

/** GET with a bare header, as Power Query sends it: no cookie, no XSRF, just the bearer token. */
const fetchWith = (path: string, authorization: string, init: RequestInit = {}) =>
  fetch(`${server.server.url}${path}`, { ...init, headers: { authorization, ...init.headers } });

const issueToken = async (name: string) => {
  const response = await admin.post("/api/admin/report-tokens", { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; secret: string; prefix: string };
};

const readWorkbook = async (response: Response) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
};

describe("Excel workbook of a report", () => {
  it("has the KPI's, the course over time and a sheet per table, with numbers as numbers", async () => {
    const response = await fetchWith(`/api/reports/trx-revenue.xlsx?${WEEK_43}`, "");
    // Without a sign-in: refused like the JSON.
    expect(response.status).toBe(401);
    const json = (await admin.get(`/api/reports/trx-revenue?${WEEK_43}`)).body as ReportEnvelope;
    const file = await fetch(`${server.server.url}/api/reports/trx-revenue.xlsx?${WEEK_43}`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    expect(file.headers.get("content-disposition")).toBe(
      'attachment; filename="trx-revenue-2026-10-19-2026-10-25.xlsx"',
    );
    const bytes = await file.arrayBuffer();
    // For people to open: SHOTS_DIR=… keeps the file.
    if (process.env.SHOTS_DIR)
      writeFileSync(`${process.env.SHOTS_DIR}/trx-revenue-week-43.xlsx`, Buffer.from(bytes));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "KPI's",
      "Verloop",
      "Per vestiging",
      "Per item",
    ]);

    const kpis = workbook.getWorksheet("KPI's") as ExcelJS.Worksheet;
    expect(kpis.getCell("A1").value).toBe("Omzet");
    expect(kpis.getCell("A2").value).toBe(
      "19-10-2026 t/m 25-10-2026 · vergeleken met 12-10-2026 t/m 18-10-2026 · alle vestigingen",
    );
    expect(kpis.getRow(3).values).toEqual([undefined, "Kengetal", "Waarde", "Vergelijking", "Verandering"]);
    expect(kpis.getRow(3).font?.bold).toBe(true);
    expect(kpis.views[0]).toMatchObject({ state: "frozen", ySplit: 3 });
    const revenue = kpis.getRow(4);
    expect(revenue.getCell(1).value).toBe("Omzet incl. btw");
    // The JSON's KPI in cents, the workbook's in euros: 14 399 cents = € 143,99, as a number.
    expect(json.kpis[0]).toMatchObject({ key: "revenue", value: 14_399 });
    expect(revenue.getCell(2).value).toBe(143.99);
    expect(revenue.getCell(2).numFmt).toBe('"€" #,##0.00');
    expect(revenue.getCell(3).value).toBe(64.13);
    expect(revenue.getCell(4).value).toBeCloseTo(14_399 / 6_413 - 1, 10);
    expect(revenue.getCell(4).numFmt).toBe("0.0%");

    const bySite = workbook.getWorksheet("Per vestiging") as ExcelJS.Worksheet;
    expect(bySite.getCell("A1").value).toBe("Omzet — Per vestiging");
    const header = bySite.getRow(3).values as string[];
    const revenueColumn = header.indexOf("Omzet incl. btw");
    expect(revenueColumn).toBeGreaterThan(0);
    const cellsOf = (row: number) => [
      bySite.getRow(row).getCell(1).value,
      bySite.getRow(row).getCell(revenueColumn).value,
    ];
    expect([cellsOf(4), cellsOf(5), cellsOf(6), cellsOf(7)]).toEqual([
      ["Utrecht Centrum", 72.6],
      ["Zeist", 71.39],
      ["Houten", 0],
      ["Totaal", 143.99],
    ]);
    expect(typeof bySite.getRow(4).getCell(revenueColumn).value).toBe("number");
    expect(bySite.getRow(4).getCell(revenueColumn).numFmt).toBe('"€" #,##0.00');
    expect(bySite.getRow(7).font?.bold).toBe(true);

    // Dates as dates: the first day of the week, Monday 19 October, holds C1 (1210 cents).
    const course = workbook.getWorksheet("Verloop") as ExcelJS.Worksheet;
    expect(course.getRow(4).getCell(1).value).toEqual(new Date("2026-10-19T00:00:00Z"));
    expect(course.getRow(4).getCell(1).numFmt).toBe("dd-mm-yyyy");
    expect(course.getRow(4).getCell(2).value).toBe(12.1);
    expect(course.rowCount).toBe(3 + 7);
  });

  it("masks plates for a report token as the JSON does for an analist", async () => {
    // The fixture's plate reads (KL456M, ZZ001Z, PQ777R, AB123C …) fill the top customers of week 43.
    const masked = (await analist.get(`/api/reports/users-unique?${WEEK_43}`)).body as ReportEnvelope;
    const whole = (await admin.get(`/api/reports/users-unique?${WEEK_43}`)).body as ReportEnvelope;
    const platesOf = (body: ReportEnvelope) =>
      body.tables.find((t) => t.key === "top_customers")?.rows.map((row) => row.plate) ?? [];
    expect(platesOf(whole)).toContain("PQ777R");
    expect(platesOf(masked)).toContain("PQ••••");
    const file = await fetchWith(`/api/reports/users-unique.xlsx?${WEEK_43}`, `Bearer ${await adminToken()}`);
    expect(file.status).toBe(200);
    const workbook = await readWorkbook(file);
    const label = masked.tables.find((t) => t.key === "top_customers")?.label;
    const sheet = workbook.worksheets.find(
      (s) => s.getCell("A1").value === `Unieke kentekens — ${label}`,
    ) as ExcelJS.Worksheet;
    const plateColumn = (sheet.getRow(3).values as string[]).indexOf("Kenteken");
    const rows = platesOf(masked).map((_, i) => sheet.getRow(4 + i).getCell(plateColumn).value);
    expect(rows).toEqual(platesOf(masked));
    const text = JSON.stringify(workbook.worksheets.map((s) => s.getSheetValues()));
    for (const plate of platesOf(whole)) expect(text).not.toContain(plate);
  });
});

describe("CSV by URL", () => {
  it("gives one table (the first, or table=<key>) as the screen's Dutch CSV", async () => {
    const first = await fetchWith(`/api/reports/trx-revenue.csv?${WEEK_43}`, `Bearer ${await adminToken()}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = new TextDecoder("utf-8", { ignoreBOM: true })
      .decode(await first.arrayBuffer())
      .split("\r\n");
    // BOM, semicolons, decimal commas, euros, the unit in the header, totals last.
    expect(lines[0].startsWith("\uFEFFVestiging;")).toBe(true);
    expect(lines[0]).toContain("Omzet incl. btw (€)");
    const utrecht = lines.find((line) => line.startsWith("Utrecht Centrum;"));
    expect(utrecht?.split(";")).toContain("72,60");
    expect(lines.at(-2)?.startsWith("Totaal;")).toBe(true);
    expect(lines.at(-2)?.split(";")).toContain("143,99");

    const items = await admin.get(`/api/reports/trx-revenue.csv?${WEEK_43}&table=by_item`);
    expect(items.status).toBe(200);
    expect((items.body as string).startsWith("Item;")).toBe(true);

    const unknown = await admin.get(`/api/reports/trx-revenue.csv?${WEEK_43}&table=nope`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual([
      { path: "table", message: "Onbekende tabel; kies uit: by_site, by_item." },
    ]);
  });
});

let adminTokenSecret: string | undefined;
/** One token for the tests that only need a working one. */
async function adminToken() {
  adminTokenSecret ??= (await issueToken("Power BI")).secret;
  return adminTokenSecret;
}

describe("report tokens", () => {
  it("read a report as JSON and CSV with nothing but the bearer header", async () => {
    const token = await issueToken("Excel Power Query boekhouding");
    expect(token.secret).toMatch(/^wbr_[A-Za-z0-9_-]{32}$/);
    expect(token.prefix).toBe(token.secret.slice(0, 10));
    const client = apiClient(server.server, token.secret);
    const json = await client.get(`/api/reports/trx-revenue?${WEEK_43}`);
    expect(json.status).toBe(200);
    expect(json.body.kpis[0]).toMatchObject({ key: "revenue", value: 14_399, previous: 6_413 });
    const csv = await client.get(`/api/reports/trx-revenue.csv?${WEEK_43}`);
    expect(csv.status).toBe(200);
    expect(csv.body).toBe((await admin.get(`/api/reports/trx-revenue.csv?${WEEK_43}`)).body);
    expect((await client.get("/api/reports")).status).toBe(200);
  });

  it("are refused for everything but reading reports, with a clear message", async () => {
    const { secret } = await issueToken("Alleen rapporten");
    const bearer = `Bearer ${secret}`;
    const refusals = [
      await fetchWith("/api/admin/users", bearer),
      await fetchWith("/api/admin/report-tokens", bearer),
      await fetchWith("/api/me", bearer),
      await fetchWith("/api/ingest/plate-reads", bearer, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          code: "report_token_only",
          message:
            "Dit is een API-token voor rapporten: het geeft alleen leestoegang tot GET /api/reports/….",
        },
      });
    }
    // Not a GET, even on a report path: no endpoint takes a POST there, so it is not found before the token
    // or XSRF is looked at.
    const post = await apiClient(server.server, secret).post(`/api/reports/trx-revenue?${WEEK_43}`, {});
    expect(post.status).toBe(404);
    expect(post.body.error.code).toBe("not_found");
  });

  it("stop working once revoked, and a made-up one never works", async () => {
    const token = await issueToken("Wordt ingetrokken");
    const client = apiClient(server.server, token.secret);
    expect((await client.get(`/api/reports/trx-sales?${WEEK_43}`)).status).toBe(200);
    const revoked = await admin.post(`/api/admin/report-tokens/${token.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const refused = await client.get(`/api/reports/trx-sales?${WEEK_43}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({
      code: "invalid_token",
      message: "Dit API-token is ingetrokken.",
    });
    expect((await admin.post(`/api/admin/report-tokens/${token.id}/revoke`)).status).toBe(409);
    const madeUp = await apiClient(server.server, `wbr_${"x".repeat(32)}`).get("/api/reports");
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.error.message).toBe("Dit API-token is ongeldig.");
  });

  it("note their last use and write issuance, use (once an hour) and revocation to the audit log", async () => {
    const token = await issueToken("Audit");
    const listed = async () =>
      (
        (await admin.get("/api/admin/report-tokens")).body as { id: number; lastUsedAt: string | null }[]
      ).find((t) => t.id === token.id);
    expect((await listed())?.lastUsedAt).toBeNull();
    const client = apiClient(server.server, token.secret);
    expect((await client.get(`/api/reports/trx-sales?${WEEK_43}`)).status).toBe(200);
    expect((await client.get(`/api/reports/trx-items?${WEEK_43}`)).status).toBe(200);
    expect((await listed())?.lastUsedAt).not.toBeNull();

    const audit = (await admin.get(`/api/admin/audit-log?entity=reportToken&entityId=${token.id}`)).body as {
      action: string;
      actorEmail: string;
      after: Record<string, unknown> | null;
    }[];
    // Newest first: two uses within the hour make one entry, the first.
    expect(audit.map((entry) => entry.action)).toEqual(["used", "created"]);
    expect(audit[0]).toMatchObject({
      actorEmail: `API-token ${token.prefix}… (Audit)`,
      after: { name: "Audit", path: "/api/reports/trx-sales" },
    });
    expect(audit[1].actorEmail).toBe("demo@wasbord.nl");
    expect(JSON.stringify(audit)).not.toContain(token.secret);

    await admin.post(`/api/admin/report-tokens/${token.id}/revoke`);
    const after = (await admin.get(`/api/admin/audit-log?entity=reportToken&entityId=${token.id}`)).body;
    expect(after[0]).toMatchObject({ action: "revoked", actorEmail: "demo@wasbord.nl" });
  });

  it("are issued and listed by a beheerder only, with a name", async () => {
    expect((await analist.get("/api/admin/report-tokens")).status).toBe(403);
    expect((await analist.post("/api/admin/report-tokens", { name: "x" })).status).toBe(403);
    const empty = await admin.post("/api/admin/report-tokens", { name: "  " });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual([{ path: "name", message: "Vul een naam in." }]);
  });
});

describe("every report as a workbook", () => {
  it("builds for each built report of the catalogue, with valid, unique sheet names", async () => {
    const built = REPORT_IDS.filter((id) => catalogueEntry(id)?.status === "built");
    expect(built).toContain("dashboard");
    const token = `Bearer ${await adminToken()}`;
    for (const id of built) {
      const file = await fetchWith(`/api/reports/${id}.xlsx`, token);
      expect(file.status, id).toBe(200);
      const names = (await readWorkbook(file)).worksheets.map((sheet) => sheet.name);
      expect(names[0], id).toBe("KPI's");
      expect(
        names.every((name) => name.length <= 31 && !/[:\\/?*[\]]/.test(name)),
        id,
      ).toBe(true);
      expect(new Set(names.map((name) => name.toLowerCase())).size, id).toBe(names.length);
    }
  }, 120_000);
});
