import type { ImportPreview, ImportRequest, ImportResult } from "../../../../shared/imports.ts";
import { apiFetch } from "../../../lib/http.ts";

export const previewAdImport = (request: ImportRequest) =>
  apiFetch<ImportPreview>("/api/imports/preview", { method: "POST", body: request });

export const commitAdImport = (request: ImportRequest) =>
  apiFetch<ImportResult>("/api/imports/commit", { method: "POST", body: request });

/** The file's bytes as base64: the server recognises the encoding, which the browser cannot know. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(new Error(`Het bestand ${file.name} kon niet worden gelezen.`));
    reader.readAsDataURL(file);
  });
}
