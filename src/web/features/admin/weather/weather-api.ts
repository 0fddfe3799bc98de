import { queryOptions } from "@tanstack/react-query";
import type {
  WeatherImportPreview,
  WeatherImportRequest,
  WeatherImportResult,
  WeatherOverview,
} from "../../../../shared/weather.ts";
import { apiFetch } from "../../../lib/http.ts";
import { ADMIN_KEY } from "../api/admin-api.ts";

// Under "admin", so an import (which invalidates ADMIN_KEY) refreshes this screen with the others.
export const weatherOverviewQuery = queryOptions({
  queryKey: [...ADMIN_KEY, "weather"],
  queryFn: ({ signal }) => apiFetch<WeatherOverview>("/api/imports/weather", { signal }),
  staleTime: 0,
});

export const previewWeatherImport = (request: WeatherImportRequest) =>
  apiFetch<WeatherImportPreview>("/api/imports/weather/preview", { method: "POST", body: request });

export const commitWeatherImport = (request: WeatherImportRequest) =>
  apiFetch<WeatherImportResult>("/api/imports/weather/commit", { method: "POST", body: request });
