import { amsterdamDate } from "../../shared/time-zone.ts";
import type { Database } from "../db/database.ts";
import { commitWeatherImport, parseWeatherImportRequest } from "../weather/weather-import.ts";
import type { Day } from "./calendar.ts";
import type { Weather } from "./weather.ts";

// The demo chain's weather history, written as the KNMI daggegevens file of De Bilt (260, the station
// nearest the demo sites, with its real coordinates) and imported the way a beheerder's upload is.

const HEADER = `# BRON: KONINKLIJK NEDERLANDS METEOROLOGISCH INSTITUUT (KNMI)
# Opmerking: demogegevens van Wasbord, in de vorm van de KNMI-daggegevens.
#
# STN         LON(east)   LAT(north)     ALT(m)  NAME
# 260:         5.180       52.100       1.90  De Bilt
#
# YYYYMMDD  = Datum (YYYY=jaar MM=maand DD=dag) / Date (YYYY=year MM=month DD=day)
# TG        = Etmaalgemiddelde temperatuur (in 0.1 graden Celsius) / Daily mean temperature in (0.1 degrees Celsius)
# SQ        = Zonneschijnduur (in 0.1 uur) berekend uit de globale straling  (-1 voor <0.05 uur) / Sunshine duration (in 0.1 hour) calculated from global radiation (-1 for <0.05 hour)
# RH        = Etmaalsom van de neerslag (in 0.1 mm) (-1 voor <0.05 mm) / Daily precipitation amount (in 0.1 mm) (-1 for <0.05 mm)
#
# STN,YYYYMMDD,   TG,   SQ,   RH
#
`;

/** Tenths, with KNMI's −1 for an amount above 0 but below 0.05. */
const tenths = (value: number) => (value > 0 && value < 0.05 ? -1 : Math.round(value * 10));
const cell = (value: number) => String(value).padStart(5);

/** The days before the last (whose weather is not over yet), as a KNMI file. */
export function knmiDaggegevens(days: Day[], weather: Weather[]): string {
  const rows = days
    .slice(0, -1)
    .filter((day) => day.date < amsterdamDate())
    .map((day) => {
      const { tempC, sunshineH, rainMm } = weather[day.index];
      const date = day.date.replaceAll("-", "");
      return `  260,${date},${cell(Math.round(tempC * 10))},${cell(tenths(sunshineH))},${cell(tenths(rainMm))}`;
    });
  return rows.length > 0 ? `${HEADER}${rows.join("\n")}\n` : "";
}

export async function importDemoWeather(db: Database, days: Day[], weather: Weather[]): Promise<void> {
  const text = knmiDaggegevens(days, weather);
  if (!text) return;
  const request = parseWeatherImportRequest({
    fileName: "etmgeg_260.txt",
    content: Buffer.from(text).toString("base64"),
  });
  await commitWeatherImport(db, "demodata", request);
}
