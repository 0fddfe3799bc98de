import { queryOptions } from "@tanstack/react-query";
import type { TargetBatch, TargetSaveResult, TargetYear } from "../../../../shared/admin/targets.ts";
import { apiFetch } from "../../../lib/http.ts";
import { ADMIN_KEY } from "../api/admin-api.ts";

// Under "admin", so a save (which invalidates ADMIN_KEY) refreshes this screen with the others.
export const targetsQuery = (year: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, "targets", year],
    queryFn: ({ signal }) => apiFetch<TargetYear>(`/api/targets?year=${year}`, { signal }),
    staleTime: 0,
  });

export const saveTargets = (batch: TargetBatch) =>
  apiFetch<TargetSaveResult>("/api/targets", { method: "PUT", body: batch });
