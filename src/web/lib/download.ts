import { CSV_BOM, toCsv } from "../../shared/csv.ts";
import { amsterdamDate } from "../../shared/time-zone.ts";
import { apiRequest } from "./http.ts";

/** Offers a CSV file for download; the BOM makes Excel read it as UTF-8. */
export function downloadCsv(fileName: string, headers: string[], rows: string[][]): void {
  downloadBlob(fileName, new Blob([CSV_BOM + toCsv(headers, rows)], { type: "text/csv;charset=utf-8" }));
}

/** Offers text (a CSV built elsewhere, with its BOM) for download. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/**
 * Offers a file the API builds (an Excel workbook) for download. Fetched with the auth header rather than
 * opened as a link: the sign-in lives in the page, not in a cookie, so a plain link would be refused.
 */
export async function downloadFromApi(path: string, fileName: string): Promise<void> {
  const response = await apiRequest(path);
  downloadBlob(fileName, await response.blob());
}

/** Offers a value as a JSON file for download, indented so that a person can read it. */
export function downloadJson(fileName: string, value: unknown): void {
  downloadBlob(fileName, new Blob([JSON.stringify(value, null, 2)], { type: "application/json" }));
}

function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `gebruikers-2026-11-21.csv` */
export const datedFileName = (name: string) => `${name}-${amsterdamDate()}.csv`;
