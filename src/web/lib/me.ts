import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./http.ts";

export interface Me {
  email: string;
  name: string | null;
  nickname: string | null;
  role: "beheerder" | "analist";
}

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: ({ signal }) => apiFetch<Me>("/api/me", { signal }),
  staleTime: 5 * 60_000,
  retry: false,
});

export const useMe = (enabled: boolean) => useQuery({ ...meQuery, enabled });
