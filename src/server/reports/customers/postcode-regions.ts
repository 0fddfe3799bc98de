// The 90 two-digit postcode regions (PC2, 10–99) of the Netherlands: a representative town, the province
// most of the region lies in, and that town's coordinates, rounded to 0.01°.
//
// An approximation, compiled by hand for this app from the public layout of Dutch postcodes; not an official
// data set. Postcode regions do not follow province borders: a region that straddles one is assigned to the
// province of most of its addresses (13 Almere to Flevoland, 38 Amersfoort to Utrecht, 58 Venray to
// Limburg …). The coordinates stand for the whole region when distances are worked out: the centroid of each
// postcode (PC4) would be better but no openly licensed set of those is available offline. Provinces use the
// ISO 3166-2 codes of the boundary file the map draws (src/web/features/reports/geo/).

export type ProvinceCode =
  | "NL-DR"
  | "NL-FL"
  | "NL-FR"
  | "NL-GE"
  | "NL-GR"
  | "NL-LI"
  | "NL-NB"
  | "NL-NH"
  | "NL-OV"
  | "NL-UT"
  | "NL-ZE"
  | "NL-ZH";

export const PROVINCES: Record<ProvinceCode, string> = {
  "NL-DR": "Drenthe",
  "NL-FL": "Flevoland",
  "NL-FR": "Friesland",
  "NL-GE": "Gelderland",
  "NL-GR": "Groningen",
  "NL-LI": "Limburg",
  "NL-NB": "Noord-Brabant",
  "NL-NH": "Noord-Holland",
  "NL-OV": "Overijssel",
  "NL-UT": "Utrecht",
  "NL-ZE": "Zeeland",
  "NL-ZH": "Zuid-Holland",
};

export interface PostcodeRegion {
  pc2: string;
  town: string;
  province: ProvinceCode;
  lat: number;
  lon: number;
}

const REGIONS: [string, string, ProvinceCode, number, number][] = [
  ["10", "Amsterdam", "NL-NH", 52.37, 4.89],
  ["11", "Amstelveen", "NL-NH", 52.3, 4.86],
  ["12", "Hilversum", "NL-NH", 52.22, 5.18],
  ["13", "Almere", "NL-FL", 52.37, 5.22],
  ["14", "Purmerend", "NL-NH", 52.5, 4.95],
  ["15", "Zaandam", "NL-NH", 52.44, 4.83],
  ["16", "Hoorn", "NL-NH", 52.64, 5.06],
  ["17", "Schagen", "NL-NH", 52.79, 4.8],
  ["18", "Alkmaar", "NL-NH", 52.63, 4.75],
  ["19", "Beverwijk", "NL-NH", 52.48, 4.66],
  ["20", "Haarlem", "NL-NH", 52.38, 4.64],
  ["21", "Hoofddorp", "NL-NH", 52.3, 4.69],
  ["22", "Wassenaar", "NL-ZH", 52.14, 4.4],
  ["23", "Leiden", "NL-ZH", 52.16, 4.49],
  ["24", "Alphen aan den Rijn", "NL-ZH", 52.13, 4.66],
  ["25", "Den Haag", "NL-ZH", 52.08, 4.3],
  ["26", "Delft", "NL-ZH", 52.01, 4.36],
  ["27", "Zoetermeer", "NL-ZH", 52.06, 4.49],
  ["28", "Gouda", "NL-ZH", 52.01, 4.71],
  ["29", "Capelle aan den IJssel", "NL-ZH", 51.93, 4.58],
  ["30", "Rotterdam", "NL-ZH", 51.92, 4.48],
  ["31", "Schiedam", "NL-ZH", 51.92, 4.4],
  ["32", "Spijkenisse", "NL-ZH", 51.85, 4.33],
  ["33", "Dordrecht", "NL-ZH", 51.81, 4.67],
  ["34", "Nieuwegein", "NL-UT", 52.03, 5.09],
  ["35", "Utrecht", "NL-UT", 52.09, 5.12],
  ["36", "Maarssen", "NL-UT", 52.14, 5.04],
  ["37", "Zeist", "NL-UT", 52.09, 5.23],
  ["38", "Amersfoort", "NL-UT", 52.16, 5.39],
  ["39", "Driebergen-Rijsenburg", "NL-UT", 52.05, 5.28],
  ["40", "Tiel", "NL-GE", 51.89, 5.43],
  ["41", "Culemborg", "NL-GE", 51.96, 5.23],
  ["42", "Gorinchem", "NL-ZH", 51.83, 4.97],
  ["43", "Middelburg", "NL-ZE", 51.5, 3.61],
  ["44", "Goes", "NL-ZE", 51.5, 3.89],
  ["45", "Terneuzen", "NL-ZE", 51.34, 3.83],
  ["46", "Bergen op Zoom", "NL-NB", 51.49, 4.29],
  ["47", "Roosendaal", "NL-NB", 51.53, 4.46],
  ["48", "Breda", "NL-NB", 51.59, 4.78],
  ["49", "Oosterhout", "NL-NB", 51.64, 4.86],
  ["50", "Tilburg", "NL-NB", 51.56, 5.09],
  ["51", "Waalwijk", "NL-NB", 51.68, 5.07],
  ["52", "'s-Hertogenbosch", "NL-NB", 51.69, 5.3],
  ["53", "Oss", "NL-NB", 51.76, 5.52],
  ["54", "Uden", "NL-NB", 51.66, 5.62],
  ["55", "Veldhoven", "NL-NB", 51.42, 5.4],
  ["56", "Eindhoven", "NL-NB", 51.44, 5.48],
  ["57", "Helmond", "NL-NB", 51.48, 5.66],
  ["58", "Venray", "NL-LI", 51.53, 5.98],
  ["59", "Venlo", "NL-LI", 51.37, 6.17],
  ["60", "Roermond", "NL-LI", 51.19, 5.99],
  ["61", "Sittard", "NL-LI", 51.0, 5.87],
  ["62", "Maastricht", "NL-LI", 50.85, 5.69],
  ["63", "Valkenburg", "NL-LI", 50.87, 5.83],
  ["64", "Heerlen", "NL-LI", 50.89, 5.98],
  ["65", "Nijmegen", "NL-GE", 51.84, 5.86],
  ["66", "Wijchen", "NL-GE", 51.81, 5.73],
  ["67", "Ede", "NL-GE", 52.04, 5.67],
  ["68", "Arnhem", "NL-GE", 51.98, 5.91],
  ["69", "Zevenaar", "NL-GE", 51.93, 6.07],
  ["70", "Doetinchem", "NL-GE", 51.97, 6.29],
  ["71", "Winterswijk", "NL-GE", 51.97, 6.72],
  ["72", "Zutphen", "NL-GE", 52.14, 6.2],
  ["73", "Apeldoorn", "NL-GE", 52.21, 5.97],
  ["74", "Deventer", "NL-OV", 52.25, 6.16],
  ["75", "Enschede", "NL-OV", 52.22, 6.89],
  ["76", "Almelo", "NL-OV", 52.36, 6.66],
  ["77", "Hardenberg", "NL-OV", 52.58, 6.62],
  ["78", "Emmen", "NL-DR", 52.79, 6.9],
  ["79", "Hoogeveen", "NL-DR", 52.72, 6.48],
  ["80", "Zwolle", "NL-OV", 52.51, 6.09],
  ["81", "Raalte", "NL-OV", 52.39, 6.28],
  ["82", "Lelystad", "NL-FL", 52.52, 5.47],
  ["83", "Emmeloord", "NL-FL", 52.71, 5.75],
  ["84", "Heerenveen", "NL-FR", 52.96, 5.92],
  ["85", "Joure", "NL-FR", 52.97, 5.79],
  ["86", "Sneek", "NL-FR", 53.03, 5.66],
  ["87", "Bolsward", "NL-FR", 53.06, 5.53],
  ["88", "Franeker", "NL-FR", 53.19, 5.54],
  ["89", "Leeuwarden", "NL-FR", 53.2, 5.8],
  ["90", "Grou", "NL-FR", 53.09, 5.84],
  ["91", "Dokkum", "NL-FR", 53.33, 6.0],
  ["92", "Drachten", "NL-FR", 53.11, 6.1],
  ["93", "Roden", "NL-DR", 53.14, 6.43],
  ["94", "Assen", "NL-DR", 52.99, 6.56],
  ["95", "Stadskanaal", "NL-GR", 52.99, 6.95],
  ["96", "Hoogezand", "NL-GR", 53.16, 6.76],
  ["97", "Groningen", "NL-GR", 53.22, 6.57],
  ["98", "Zuidhorn", "NL-GR", 53.25, 6.4],
  ["99", "Delfzijl", "NL-GR", 53.32, 6.86],
];

export const POSTCODE_REGIONS = new Map<string, PostcodeRegion>(
  REGIONS.map(([pc2, town, province, lat, lon]) => [pc2, { pc2, town, province, lat, lon }]),
);

/** Great-circle distance in kilometres (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
