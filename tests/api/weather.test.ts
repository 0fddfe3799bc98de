import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amsterdamDate } from "../../src/shared/time-zone.ts";
import type { ApiClient } from "../support/api-client.ts";
import { type AdminTestServer, startAdminServer } from "./admin-support.ts";
import { databaseAfterStop } from "./tracking-support.ts";

// Weather (REPORT-DEFINITIONS §6) through the API: the KNMI upload under Instellingen › Weer and the forecast
// at POST /api/ingest/weather. Three sites: Zeist and Houten nearest to De Bilt (260), Lopik nearest to
// Cabauw (348). The fixture file tests/fixtures/weather/knmi-de-bilt-cabauw.txt holds 3 days of De Bilt and
// 2 of Cabauw; the expected values are read off its lines.

let t: AdminTestServer;
let admin: ApiClient;
let weatherKey: string;

const knmiFile = readFileSync(
  new URL("../fixtures/weather/knmi-de-bilt-cabauw.txt", import.meta.url),
  "utf8",
);
const upload = (text: string, fileName = "etmgeg.txt") => ({
  fileName,
  content: Buffer.from(text).toString("base64"),
});
const day = (ahead: number) => amsterdamDate(new Date(Date.now() + ahead * 86_400_000));

beforeAll(async () => {
  t = await startAdminServer(async (db) => {
    await db.run(`INSERT INTO sites (id, code, name, postcode, city, lat, lon) VALUES
      (1, 'zeist', 'Wasbord Zeist', '3705HX', 'Zeist', 52.09, 5.23),
      (2, 'houten', 'Wasbord Houten', '3991CE', 'Houten', 52.03, 5.17),
      (3, 'lopik', 'Wasbord Lopik', '3411AA', 'Lopik', 51.97, 4.95)`);
  });
  admin = t.admin;
  const key = await admin.post("/api/admin/connections/api-keys", { name: "Weerdienst", scope: "weather" });
  expect(key.status).toBe(201);
  weatherKey = key.body.secret;
}, 120_000);
afterAll(() => t?.stop());

function ingest(body: unknown, key = weatherKey) {
  return fetch(`${t.server.url}/api/ingest/weather`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
}

describe("KNMI upload (Instellingen › Weer)", () => {
  it("starts with no stations and every site unlinked", async () => {
    const overview = await admin.get("/api/imports/weather");
    expect(overview.status).toBe(200);
    expect(overview.body).toEqual({
      stations: [],
      unlinkedSites: [
        { code: "houten", name: "Wasbord Houten" },
        { code: "lopik", name: "Wasbord Lopik" },
        { code: "zeist", name: "Wasbord Zeist" },
      ],
    });
  });

  it("previews a file without storing it", async () => {
    const preview = await admin.post("/api/imports/weather/preview", upload(knmiFile));
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      fileName: "etmgeg.txt",
      rowsRead: 5,
      rowsToImport: 5,
      fields: ["TG", "SQ", "RH"],
      errors: [],
      stations: [
        {
          code: 260,
          name: "De Bilt",
          lat: 52.1,
          lon: 5.18,
          from: "2026-03-01",
          to: "2026-03-03",
          days: 3,
          existingDays: 0,
        },
        {
          code: 348,
          name: "Cabauw Mast",
          lat: 51.97,
          lon: 4.926,
          from: "2026-03-01",
          to: "2026-03-02",
          days: 2,
          existingDays: 0,
        },
      ],
    });
    expect((await admin.get("/api/imports/weather")).body.stations).toEqual([]);
  });

  it("imports the file and links each site to its nearest station", async () => {
    const result = await admin.post("/api/imports/weather/commit", upload(knmiFile));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ inserted: 5, replaced: 0, rowsToImport: 5 });

    const { body } = await admin.get("/api/imports/weather");
    expect(body.unlinkedSites).toEqual([]);
    expect(body.stations).toMatchObject([
      {
        code: 260,
        from: "2026-03-01",
        to: "2026-03-03",
        days: 3,
        sites: [{ code: "houten" }, { code: "zeist" }],
      },
      { code: 348, from: "2026-03-01", to: "2026-03-02", days: 2, sites: [{ code: "lopik" }] },
    ]);
    // Zeist–De Bilt by hand: 0.01° north is 1.112 km, 0.05° east at 52.1° N is 3.416 km; √(1.236 + 11.67).
    expect(body.stations[0].sites[1].distanceKm).toBeCloseTo(3.59, 2);
  });

  it("refuses a file with a bad row, naming the line and field, and changes nothing", async () => {
    const bad = knmiFile
      .replace("  260,20260302,   55,   67,   -1,   84", "  260,20260302,   55,  6,7,   -1,   84")
      .replace("  348,20260301,   60,   49,   28,    2", "  348,20260301,   60,   49,   28,   -7");
    const preview = await admin.post("/api/imports/weather/preview", upload(bad));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rowsRead: 5, rowsToImport: 0, stations: [] });
    expect(preview.body.errors).toHaveLength(2);
    const result = await admin.post("/api/imports/weather/commit", upload(bad));
    expect(result.status).toBe(422);
    expect(result.body.error).toMatchObject({ code: "import_has_errors" });
    expect(result.body.error.fields).toEqual([
      { row: 17, path: "header", message: "De regel heeft 7 velden, de kolomregel (regel 14) 6." },
      {
        row: 19,
        path: "rainMm",
        message: 'Kolom "RH": -7 ligt buiten 0 tot en met 10000 (de etmaalsom van de neerslag (0,1 mm)).',
      },
    ]);
    const { body } = await admin.get("/api/imports/weather");
    expect(body.stations.map((s: { days: number }) => s.days)).toEqual([3, 2]);
  });

  it("replaces the days a new file covers for its station, and no others", async () => {
    const corrected = knmiFile
      .split("\n")
      .filter((line) => !line.startsWith("  348") && !line.includes("20260303"))
      .join("\n")
      .replace("  260,20260302,   55,   67,   -1,   84", "  260,20260302,   55,   70,   -1,   90");
    const result = await admin.post("/api/imports/weather/commit", upload(corrected));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ inserted: 2, replaced: 2 });
    const { body } = await admin.get("/api/imports/weather");
    expect(body.stations.map((s: { days: number }) => s.days)).toEqual([3, 2]);
  });

  it("lets only a beheerder import", async () => {
    await admin.post("/api/admin/users", { email: "analist@wasbord.nl", role: "analist" });
    const analist = await t.as("analist@wasbord.nl", "analist");
    expect((await analist.post("/api/imports/weather/commit", upload(knmiFile))).status).toBe(403);
    expect((await analist.get("/api/imports/weather")).status).toBe(403);
  });
});

describe("POST /api/ingest/weather", () => {
  const forecast = (
    site: string,
    ahead: number,
    tempC: number | null,
    rainMm: number | null,
    sunshineH: number | null,
  ) => ({
    site,
    date: day(ahead),
    tempC,
    rainMm,
    sunshineH,
  });

  it("stores a good batch", async () => {
    const response = await ingest([
      forecast("zeist", 0, 6.5, 1.2, 2),
      forecast("zeist", 1, 7, 0, 5.5),
      forecast("LOPIK", 1, null, 3.4, null),
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 3, duplicates: 0 });
    const { body } = await admin.get("/api/imports/weather");
    expect(body.stations[0].sites[1]).toMatchObject({
      code: "zeist",
      forecastFrom: day(0),
      forecastTo: day(1),
    });
  });

  it("rejects a bad batch with the exact paths, and stores none of it", async () => {
    const response = await ingest([
      forecast("zeist", 2, 8, 0, 4),
      forecast("zeist", 3, 8, 0, 4),
      forecast("breda", 3, 8, 0, 4),
      forecast("zeist", 4, 8, -2, 25),
      { ...forecast("zeist", 5, 8, 0, 4), date: "2026-02-30" },
      forecast("zeist", 3, 9, 0, 4),
    ]);
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe("validation_failed");
    // Every invalid row is named; the unknown site and the repeated day wait until the rows are valid.
    expect(error.fields).toEqual([
      { row: 4, path: "[3].rainMm", message: "Te klein: verwacht dat number >=0 is" },
      { row: 4, path: "[3].sunshineH", message: "Te groot: verwacht dat number <=24 is" },
      { row: 5, path: "[4].date", message: "Ongeldig: ISO datum" },
    ]);

    const unknown = await ingest([
      forecast("zeist", 2, 8, 0, 4),
      forecast("breda", 3, 8, 0, 4),
      forecast("zeist", 2, 9, 0, 4),
    ]);
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.fields).toEqual([
      { row: 2, path: "[1].site", message: "Onbekende vestiging 'breda'." },
      { row: 3, path: "[2].date", message: `Vestiging 'zeist' op ${day(2)} staat ook al in [0].` },
    ]);
    const { body } = await admin.get("/api/imports/weather");
    expect(body.stations[0].sites[1]).toMatchObject({ forecastTo: day(1) });
  });

  it("replaces a day's forecast with a later one; the same figures again are duplicates", async () => {
    const response = await ingest([
      forecast("zeist", 0, 6.5, 1.2, 2),
      forecast("zeist", 1, 8.5, 0.4, 4),
      forecast("lopik", 1, null, 3.4, null),
    ]);
    expect(await response.json()).toEqual({ accepted: 1, duplicates: 2 });
  });

  it("refuses a key of another scope", async () => {
    const key = await admin.post("/api/admin/connections/api-keys", { name: "Camera", scope: "plate-reads" });
    const response = await ingest([forecast("zeist", 1, 7, 0, 5)], key.body.secret);
    expect(response.status).toBe(403);
  });

  it("keeps what was stored, as stored", async () => {
    const db = await databaseAfterStop(t.server);
    try {
      expect(
        await db.query(
          "SELECT station_code, day, temp_c, rain_mm, sunshine_h FROM weather_daily ORDER BY station_code, day",
        ),
      ).toEqual([
        { station_code: 260, day: "2026-03-01", temp_c: 5.2, rain_mm: 0, sunshine_h: 3.1 },
        { station_code: 260, day: "2026-03-02", temp_c: 7, rain_mm: 9, sunshine_h: 0 },
        { station_code: 260, day: "2026-03-03", temp_c: -0.4, rain_mm: 0, sunshine_h: 7.2 },
        { station_code: 348, day: "2026-03-01", temp_c: 4.9, rain_mm: 0.2, sunshine_h: 2.8 },
        { station_code: 348, day: "2026-03-02", temp_c: null, rain_mm: 9.1, sunshine_h: 0 },
      ]);
      expect(
        await db.query(
          "SELECT site_id, day, temp_c, rain_mm, sunshine_h FROM weather_forecasts ORDER BY site_id, day",
        ),
      ).toEqual([
        { site_id: 1, day: day(0), temp_c: 6.5, rain_mm: 1.2, sunshine_h: 2 },
        { site_id: 1, day: day(1), temp_c: 8.5, rain_mm: 0.4, sunshine_h: 4 },
        { site_id: 3, day: day(1), temp_c: null, rain_mm: 3.4, sunshine_h: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
