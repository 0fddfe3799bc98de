import { describe, expect, it } from "vitest";
import { parseKnmiDaggegevens } from "./knmi-daggegevens.ts";

// Small hand-made files in the layout of a KNMI download; every expected value is read off the lines.

const HEAD = `# BRON: KONINKLIJK NEDERLANDS METEOROLOGISCH INSTITUUT (KNMI)
# Opmerking: door stationsverplaatsingen en veranderingen in waarneemmethodieken zijn deze tijdreeksen van dagwaarden mogelijk inhomogeen!
#
# STN         LON(east)   LAT(north)     ALT(m)  NAME
# 260:         5.180       52.100       1.90  De Bilt
# 348:         4.926       51.970      -0.70  Cabauw Mast
#
# YYYYMMDD  = Datum (YYYY=jaar MM=maand DD=dag) / Date (YYYY=year MM=month DD=day)
# TG        = Etmaalgemiddelde temperatuur (in 0.1 graden Celsius) / Daily mean temperature in (0.1 degrees Celsius)
# SQ        = Zonneschijnduur (in 0.1 uur) berekend uit de globale straling  (-1 voor <0.05 uur) / Sunshine duration (in 0.1 hour) calculated from global radiation (-1 for <0.05 hour)
# RH        = Etmaalsom van de neerslag (in 0.1 mm) (-1 voor <0.05 mm) / Daily precipitation amount (in 0.1 mm) (-1 for <0.05 mm)
#
`;

const file = (columns: string, ...rows: string[]) => `${HEAD}${columns}\n#\n${rows.join("\n")}\n`;
/** Line of the first data row: the header above has 12 lines, then the column line and a "#". */
const FIRST_ROW = 15;

describe("parseKnmiDaggegevens", () => {
  it("reads TG, SQ and RH by name among other fields, in °C, hours and mm", () => {
    const parsed = parseKnmiDaggegevens(
      file(
        "# STN,YYYYMMDD,DDVEC,FHVEC,   FG,   TG,   TN,   SQ,   SP,   RH,  RHX",
        "  260,20240101,  225,   52,   60,   79,   41,   12,   15,   45,   20",
        "  260,20240102,  230,   40,   45,  -23,  -61,    0,    0,    0,    0",
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rowsRead).toBe(2);
    expect(parsed.fields).toEqual(["TG", "SQ", "RH"]);
    expect(parsed.stations).toEqual([{ code: 260, name: "De Bilt", lat: 52.1, lon: 5.18 }]);
    expect(parsed.days).toEqual([
      { station: 260, date: "2024-01-01", tempC: 7.9, sunshineH: 1.2, rainMm: 4.5 },
      { station: 260, date: "2024-01-02", tempC: -2.3, sunshineH: 0, rainMm: 0 },
    ]);
  });

  it("turns −1 (less than 0.05) into 0 and an empty field into null", () => {
    const parsed = parseKnmiDaggegevens(
      file(
        "# STN,YYYYMMDD,   TG,   SQ,   RH",
        "  348,20240301,     ,   -1,   -1",
        "  348,20240302,   -1,     ,     ",
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.days).toEqual([
      { station: 348, date: "2024-03-01", tempC: null, sunshineH: 0, rainMm: 0 },
      // For TG, −1 is just −0.1 °C.
      { station: 348, date: "2024-03-02", tempC: -0.1, sunshineH: null, rainMm: null },
    ]);
    expect(parsed.stations.map((s) => s.name)).toEqual(["Cabauw Mast"]);
  });

  it("leaves fields the file does not carry null, and accepts a trailing comma and CRLF", () => {
    const text = file("# STN,YYYYMMDD,   RH,", "  260,20240101,   30,").replaceAll("\n", "\r\n");
    const parsed = parseKnmiDaggegevens(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.fields).toEqual(["RH"]);
    expect(parsed.days).toEqual([
      { station: 260, date: "2024-01-01", tempC: null, sunshineH: null, rainMm: 3 },
    ]);
  });

  it("refuses a file without the column line, naming the first data line", () => {
    const parsed = parseKnmiDaggegevens(`${HEAD}  260,20240101,   79\n`);
    expect(parsed.days).toEqual([]);
    expect(parsed.errors).toEqual([
      { row: 13, field: "header", message: expect.stringContaining("Geen kolomregel van KNMI-daggegevens") },
    ]);
  });

  it("refuses a column line without TG, SQ or RH", () => {
    const parsed = parseKnmiDaggegevens(file("# STN,YYYYMMDD,DDVEC,   FG", "  260,20240101,  225,   60"));
    expect(parsed.errors).toEqual([
      { row: 13, field: "header", message: expect.stringContaining("geen TG, SQ of RH") },
    ]);
  });

  it("refuses an ad export or any other CSV", () => {
    const parsed = parseKnmiDaggegevens("Datum;Campagne;Klikken\n01-11-2026;Zoeken;12\n");
    expect(parsed.errors).toMatchObject([{ row: 1, field: "header" }]);
  });

  it("names the line, field and problem of every bad row, and keeps no rows then", () => {
    const parsed = parseKnmiDaggegevens(
      file(
        "# STN,YYYYMMDD,   TG,   SQ,   RH",
        "  260,20240101,   79,   12,   45",
        "  260,20240230,   79,   12,   45",
        "  260,20240103,  7,9,   12,   45",
        "  260,20240104,   abc,  12,   -5",
        "  999,20240105,   79,   12,   45",
        "  260,20240101,   80,   12,   45",
      ),
    );
    expect(parsed.days).toEqual([]);
    expect(parsed.stations).toEqual([]);
    expect(parsed.rowsRead).toBe(6);
    expect(parsed.errors).toEqual([
      { row: FIRST_ROW + 1, field: "date", message: 'Kolom "YYYYMMDD": "20240230" is geen bestaande datum.' },
      {
        row: FIRST_ROW + 2,
        field: "header",
        message: "De regel heeft 6 velden, de kolomregel (regel 13) 5.",
      },
      {
        row: FIRST_ROW + 3,
        field: "tempC",
        message: 'Kolom "TG": "abc" is geen geheel getal (de etmaalgemiddelde temperatuur (0,1 °C)).',
      },
      {
        row: FIRST_ROW + 3,
        field: "rainMm",
        message: 'Kolom "RH": -5 ligt buiten 0 tot en met 10000 (de etmaalsom van de neerslag (0,1 mm)).',
      },
      {
        row: FIRST_ROW + 4,
        field: "station",
        message: 'Kolom "STN": station 999 staat niet in de stationslijst in de kop van het bestand.',
      },
      { row: FIRST_ROW + 5, field: "date", message: "Station 260 op 2024-01-01 staat ook al op regel 15." },
    ]);
  });

  it("refuses a day in the future", () => {
    const parsed = parseKnmiDaggegevens(file("# STN,YYYYMMDD,   TG", "  260,29990101,   79"));
    expect(parsed.errors).toEqual([
      { row: FIRST_ROW, field: "date", message: 'Kolom "YYYYMMDD": 2999-01-01 ligt in de toekomst.' },
    ]);
  });

  it("refuses rows when the header lists no stations", () => {
    const parsed = parseKnmiDaggegevens("# STN,YYYYMMDD,   TG\n  260,20240101,   79\n");
    expect(parsed.errors).toMatchObject([{ row: 1, field: "stations" }]);
  });

  it("lists at most a hundred errors, and says how many more there are", () => {
    const rows = Array.from({ length: 150 }, (_, i) => `  260,2024-${i},   79`);
    const parsed = parseKnmiDaggegevens(file("# STN,YYYYMMDD,   TG", ...rows));
    expect(parsed.errors).toHaveLength(101);
    expect(parsed.errors[100]).toEqual({
      row: FIRST_ROW + 149,
      field: "file",
      message: `Nog 50 fouten niet getoond (tot en met regel ${FIRST_ROW + 149}).`,
    });
  });
});
