import { queryOptions } from "@tanstack/react-query";
import type {
  Subscription,
  SubscriptionInput,
  SubscriptionsOverview,
} from "../../../shared/reports/subscriptions.ts";
import { apiFetch } from "../../lib/http.ts";

// Report subscriptions (/api/subscriptions): the "Abonneren" button of a report screen and Instellingen ›
// Abonnementen share these. One key for all, so a change anywhere refreshes both.

export const SUBSCRIPTIONS_KEY = ["subscriptions"] as const;

export const subscriptionsQuery = queryOptions({
  queryKey: SUBSCRIPTIONS_KEY,
  queryFn: ({ signal }) => apiFetch<SubscriptionsOverview>("/api/subscriptions", { signal }),
  staleTime: 0,
});

export const createSubscription = (body: SubscriptionInput) =>
  apiFetch<Subscription>("/api/subscriptions", { method: "POST", body });

export const deleteSubscription = (id: number) =>
  apiFetch<void>(`/api/subscriptions/${id}`, { method: "DELETE" });

export const sendSubscriptionNow = (id: number) =>
  apiFetch<{ to: string[] }>(`/api/subscriptions/${id}/send`, { method: "POST" });
