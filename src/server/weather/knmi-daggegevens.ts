import type { ImportError } from "../../shared/imports.ts";
import { amsterdamDate } from "../../shared/time-zone.ts";

// KNMI daily station data ("daggegevens", https://www.knmi.nl/nederland-nu/klimatologie/daggegevens): a
// header of comment lines (#) with the station list and the field legend, then the column line
// `# STN,YYYYMMDD,DDVEC,…` and comma-separated rows padded with spaces, an empty field for a missing value.
// Only TG, SQ and RH are read, each found by its name in the column line: a download may carry any subset
// of the fields, in KNMI's order.

export interface KnmiStation {
  code: number;
  name: string;
  lat: number;
  lon: number;
}

/** One station's day, in °C, hours and mm; null where the file has no value. */
export interface KnmiDay {
  station: number;
  date: string;
  tempC: number | null;
  sunshineH: number | null;
  rainMm: number | null;
}

export interface KnmiParseResult {
  /** Data lines after the column line, without blank and comment lines. */
  rowsRead: number;
  /** Which of TG, SQ and RH the column line names. */
  fields: string[];
  /** The stations the rows belong to, as the header lists them. */
  stations: KnmiStation[];
  /** Valid rows; empty when there are errors (a file is imported whole or not at all). */
  days: KnmiDay[];
  errors: ImportError[];
}

/** A file of decades with one broken column would otherwise list a hundred thousand errors. */
const MAX_ERRORS = 100;

// `# 260:         5.180       52.100       1.90  De Bilt`: number, longitude, latitude, altitude, name.
const STATION_LINE = /^#\s*(\d+):\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(\S.*?)\s*$/;

type Field = "tempC" | "sunshineH" | "rainMm";

/** KNMI's field, what it holds in tenths, and the range of a plausible day. */
const FIELDS: Record<Field, { column: string; min: number; max: number; what: string }> = {
  tempC: { column: "TG", min: -600, max: 600, what: "de etmaalgemiddelde temperatuur (0,1 °C)" },
  sunshineH: { column: "SQ", min: 0, max: 240, what: "de zonneschijnduur (0,1 uur)" },
  rainMm: { column: "RH", min: 0, max: 10000, what: "de etmaalsom van de neerslag (0,1 mm)" },
};
const FIELD_NAMES = Object.keys(FIELDS) as Field[];

interface Header {
  line: number;
  width: number;
  station: number;
  date: number;
  fields: Partial<Record<Field, number>>;
}

export function parseKnmiDaggegevens(text: string): KnmiParseResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const stations = new Map<number, KnmiStation>();
  const errors: ImportError[] = [];
  const result = (rowsRead: number, fields: string[], read: KnmiDay[]): KnmiParseResult => {
    const days = errors.length > 0 ? [] : read;
    const named = new Set(days.map((day) => day.station));
    return {
      rowsRead,
      fields,
      stations: [...stations.values()].filter((station) => named.has(station.code)),
      days,
      errors: capped(errors),
    };
  };

  let header: Header | null = null;
  let index = 0;
  for (; index < lines.length && !header; index++) {
    const line = lines[index];
    if (line.trim() === "") continue;
    const station = STATION_LINE.exec(line.trim());
    if (station) {
      const [, code, lon, lat, , name] = station;
      if (!stations.has(Number(code)))
        stations.set(Number(code), { code: Number(code), name, lat: Number(lat), lon: Number(lon) });
      continue;
    }
    const cells = line
      .replace(/^\s*#/, "")
      .split(",")
      .map((cell) => cell.trim().toUpperCase());
    if (cells[0] === "STN" && cells.includes("YYYYMMDD")) {
      header = readHeader(cells, index + 1, errors);
      if (!header) return result(0, [], []);
      continue;
    }
    if (!line.trimStart().startsWith("#")) break;
  }
  if (!header) {
    errors.push({
      row: index < lines.length ? index + 1 : 1,
      field: "header",
      message:
        "Geen kolomregel van KNMI-daggegevens gevonden (# STN,YYYYMMDD,… met TG, SQ of RH) vóór de eerste gegevensregel. Download de daggegevens van een station bij het KNMI en kies het bestand opnieuw.",
    });
    return result(0, [], []);
  }
  const fields = FIELD_NAMES.filter((field) => header.fields[field] !== undefined).map(
    (field) => FIELDS[field].column,
  );
  if (stations.size === 0) {
    errors.push({
      row: header.line,
      field: "stations",
      message:
        "De kop van het bestand noemt geen stations (# STN  LON(east)  LAT(north)  ALT(m)  NAME): zonder hun ligging zijn de vestigingen niet aan een station te koppelen.",
    });
    return result(0, fields, []);
  }

  const days: KnmiDay[] = [];
  const seen = new Map<string, number>();
  let rowsRead = 0;
  for (; index < lines.length; index++) {
    const line = lines[index];
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    rowsRead++;
    const day = readRow(
      line.split(",").map((cell) => cell.trim()),
      index + 1,
      header,
      stations,
      errors,
    );
    if (!day) continue;
    const key = `${day.station} ${day.date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({
        row: index + 1,
        field: "date",
        message: `Station ${day.station} op ${day.date} staat ook al op regel ${earlier}.`,
      });
      continue;
    }
    seen.set(key, index + 1);
    days.push(day);
  }
  return result(rowsRead, fields, days);
}

function readHeader(cells: string[], line: number, errors: ImportError[]): Header | null {
  const fields: Header["fields"] = {};
  for (const field of FIELD_NAMES) {
    const at = cells.indexOf(FIELDS[field].column);
    if (at >= 0) fields[field] = at;
  }
  if (Object.keys(fields).length === 0) {
    errors.push({
      row: line,
      field: "header",
      message:
        "De kolomregel heeft geen TG, SQ of RH. Kies bij het downloaden ten minste de temperatuur (TG), zonneschijn (SQ) of neerslag (RH).",
    });
    return null;
  }
  return { line, width: cells.length, station: 0, date: cells.indexOf("YYYYMMDD"), fields };
}

function readRow(
  cells: string[],
  line: number,
  header: Header,
  stations: Map<number, KnmiStation>,
  errors: ImportError[],
): KnmiDay | null {
  const before = errors.length;
  const fail = (field: string, message: string) => {
    errors.push({ row: line, field, message });
    return null;
  };
  // A trailing comma adds an empty cell; any other difference means the row does not fit the header.
  const trailingEmpty = cells.slice(header.width).every((cell) => cell === "");
  if (cells.length < header.width || !trailingEmpty) {
    return fail(
      "header",
      `De regel heeft ${cells.length} velden, de kolomregel (regel ${header.line}) ${header.width}.`,
    );
  }

  const stn = cells[header.station];
  const station = /^\d+$/.test(stn) ? Number(stn) : null;
  if (station === null) fail("station", `Kolom "STN": "${stn}" is geen stationsnummer.`);
  else if (!stations.has(station))
    fail(
      "station",
      `Kolom "STN": station ${station} staat niet in de stationslijst in de kop van het bestand.`,
    );

  const date = readDate(cells[header.date]);
  if (typeof date !== "string") fail("date", `Kolom "YYYYMMDD": ${date.problem}`);

  const values: Record<Field, number | null> = { tempC: null, sunshineH: null, rainMm: null };
  for (const field of FIELD_NAMES) {
    const at = header.fields[field];
    if (at === undefined) continue;
    const raw = cells[at];
    if (raw === "") continue;
    const { column, min, max, what } = FIELDS[field];
    if (!/^-?\d+$/.test(raw)) {
      fail(field, `Kolom "${column}": "${raw}" is geen geheel getal (${what}).`);
      continue;
    }
    const tenths = Number(raw);
    // SQ and RH write −1 for "less than 0.05": nothing the daily figure resolves.
    if (tenths === -1 && field !== "tempC") values[field] = 0;
    else if (tenths < min || tenths > max)
      fail(field, `Kolom "${column}": ${raw} ligt buiten ${min} tot en met ${max} (${what}).`);
    else values[field] = tenths / 10;
  }
  if (errors.length > before) return null;
  return { station: station as number, date: date as string, ...values };
}

function readDate(raw: string): string | { problem: string } {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (!match) return { problem: `"${raw}" is geen datum als JJJJMMDD.` };
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso)
    return { problem: `"${raw}" is geen bestaande datum.` };
  if (iso < "1850-01-01") return { problem: `${iso} ligt vóór 1850.` };
  if (iso > amsterdamDate()) return { problem: `${iso} ligt in de toekomst.` };
  return iso;
}

function capped(errors: ImportError[]): ImportError[] {
  if (errors.length <= MAX_ERRORS) return errors;
  const last = errors[errors.length - 1];
  return [
    ...errors.slice(0, MAX_ERRORS),
    {
      row: last.row,
      field: "file",
      message: `Nog ${errors.length - MAX_ERRORS} fouten niet getoond (tot en met regel ${last.row}).`,
    },
  ];
}
