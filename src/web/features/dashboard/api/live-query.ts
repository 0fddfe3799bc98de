import { queryOptions } from "@tanstack/react-query";
import { LIVE_REFRESH_MS, type LiveAnswer } from "../../../../shared/live.ts";
import { apiFetch } from "../../../lib/http.ts";

/**
 * `GET /api/live`, asked again every 10 s. Paused while the tab is hidden: with
 * refetchIntervalInBackground off, react-query's focus manager follows document.visibilityState.
 */
export const liveQuery = queryOptions({
  queryKey: ["live"],
  queryFn: ({ signal }) => apiFetch<LiveAnswer>("/api/live", { signal }),
  refetchInterval: LIVE_REFRESH_MS,
  refetchIntervalInBackground: false,
  retry: false,
});
