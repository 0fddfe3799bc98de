import { queryOptions } from "@tanstack/react-query";
import type { AdminAlertRule, AlertLogEntry } from "../../../../shared/admin/alerts.ts";
import type { AdminApiKey, CreatedApiKey, FreshnessRow } from "../../../../shared/admin/connections.ts";
import type { ActiveChange } from "../../../../shared/admin/fields.ts";
import type { AdminItem, ItemMove, ItemRemoval } from "../../../../shared/admin/items.ts";
import type { AdminOverview, AuditEntry } from "../../../../shared/admin/overview.ts";
import type {
  PlateErase,
  PlateErasure,
  PlateRecord,
  PrivacyStatus,
} from "../../../../shared/admin/privacy.ts";
import type { AdminPromotion, AdminVoucher, VoucherBatch } from "../../../../shared/admin/promotions.ts";
import type {
  AdminReportToken,
  CreatedReportToken,
  ReportTokenCreate,
} from "../../../../shared/admin/report-tokens.ts";
import type { AdminSite } from "../../../../shared/admin/sites.ts";
import type { AdminUser } from "../../../../shared/admin/users.ts";
import type {
  Experiment,
  ExperimentCreate,
  ExperimentStop,
  ExperimentWeights,
} from "../../../../shared/experiments/definitions.ts";
import { apiFetch } from "../../../lib/http.ts";

// One queryOptions factory per admin endpoint, and the calls that change something. Every key starts with
// "admin", so a change refreshes all admin screens at once (the overview counts depend on all of them).

export const ADMIN_KEY = ["admin"] as const;

const list = <T>(path: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, path],
    queryFn: ({ signal }) => apiFetch<T>(`/api/admin${path}`, { signal }),
    // Admin data changes by hand, rarely; but a beheerder expects to see a colleague's edit after a reload.
    staleTime: 0,
    retry: (count, error) => count < 2 && !("status" in error && [403, 404].includes(error.status as number)),
  });

export const usersQuery = list<AdminUser[]>("/users");
export const itemsQuery = list<AdminItem[]>("/items");
export const promotionsQuery = list<AdminPromotion[]>("/promotions");
export const sitesQuery = list<AdminSite[]>("/sites");
export const affiliatesQuery = list<{ id: number; name: string; active: boolean }[]>("/affiliates");
export const apiKeysQuery = list<AdminApiKey[]>("/connections/api-keys");
export const freshnessQuery = list<FreshnessRow[]>("/connections/freshness");
export const reportTokensQuery = list<AdminReportToken[]>("/report-tokens");
export const reportTokenAuditQuery = list<AuditEntry[]>("/audit-log?entity=reportToken&limit=20");
export const overviewQuery = list<AdminOverview>("/overview");
export const privacyQuery = list<PrivacyStatus>("/privacy");
export const alertRulesQuery = list<AdminAlertRule[]>("/alerts");
export const alertLogQuery = list<AlertLogEntry[]>("/alerts/log");
export const alertCamerasQuery = list<{ siteId: number; camera: string }[]>("/alerts/cameras");

/** The resources with the usual create / edit / (de)activate routes. */
export type Resource = "users" | "items" | "promotions" | "sites" | "alerts";

export const createRow = <T>(resource: Resource, body: unknown) =>
  apiFetch<T>(`/api/admin/${resource}`, { method: "POST", body });

export const updateRow = <T>(resource: Resource, id: number, body: unknown) =>
  apiFetch<T>(`/api/admin/${resource}/${id}`, { method: "PUT", body });

export const setActive = <T>(resource: Resource, id: number, body: ActiveChange) =>
  apiFetch<T>(`/api/admin/${resource}/${id}/active`, { method: "PUT", body });

export const moveItem = (id: number, body: ItemMove) =>
  apiFetch<AdminItem>(`/api/admin/items/${id}/move`, { method: "POST", body });

export const removeItem = (item: AdminItem) =>
  apiFetch<ItemRemoval>(`/api/admin/items/${item.id}?version=${item.version}`, { method: "DELETE" });

export const generateVouchers = (promotionId: number, body: VoucherBatch) =>
  apiFetch<{ created: number; vouchers: AdminVoucher[] }>(`/api/admin/promotions/${promotionId}/vouchers`, {
    method: "POST",
    body,
  });

export const promotionVouchers = (promotionId: number) =>
  apiFetch<AdminVoucher[]>(`/api/admin/promotions/${promotionId}/vouchers`);

export const createApiKey = (body: unknown) =>
  apiFetch<CreatedApiKey>("/api/admin/connections/api-keys", { method: "POST", body });

// Experiments live at /api/experiments (the report reads them too); their admin calls share the admin key.
export const experimentsQuery = queryOptions({
  queryKey: [...ADMIN_KEY, "/experiments"],
  queryFn: ({ signal }) => apiFetch<Experiment[]>("/api/experiments", { signal }),
  staleTime: 0,
});

export const experimentHistoryQuery = (key: string) =>
  list<AuditEntry[]>(`/audit-log?entity=experiment&entityId=${encodeURIComponent(key)}&limit=100`);

export const createExperiment = (body: ExperimentCreate) =>
  apiFetch<Experiment>("/api/experiments", { method: "POST", body });

export const startExperiment = (experiment: Experiment) =>
  apiFetch<Experiment>(`/api/experiments/${experiment.key}/start`, {
    method: "POST",
    body: { version: experiment.version },
  });

export const changeWeights = (key: string, body: ExperimentWeights) =>
  apiFetch<Experiment>(`/api/experiments/${key}/weights`, { method: "POST", body });

export const stopExperiment = (key: string, body: ExperimentStop) =>
  apiFetch<Experiment>(`/api/experiments/${key}/stop`, { method: "POST", body });

export const createReportToken = (body: ReportTokenCreate) =>
  apiFetch<CreatedReportToken>("/api/admin/report-tokens", { method: "POST", body });
export const revokeReportToken = (id: number) =>
  apiFetch<AdminReportToken>(`/api/admin/report-tokens/${id}/revoke`, { method: "POST" });
export const revokeApiKey = (id: number) =>
  apiFetch<AdminApiKey>(`/api/admin/connections/api-keys/${id}/revoke`, { method: "POST" });

export const lookupPlate = (plate: string) =>
  apiFetch<PlateRecord>("/api/admin/privacy/lookup", { method: "POST", body: { plate } });

export const erasePlate = (body: PlateErase) =>
  apiFetch<PlateErasure>("/api/admin/privacy/erase", { method: "POST", body });

/** Evaluates the alert rules now and sends what is due; answers with the log. */
export const runAlerts = () => apiFetch<AlertLogEntry[]>("/api/admin/alerts/run", { method: "POST" });

export const runRetention = () =>
  apiFetch<PrivacyStatus>("/api/admin/privacy/retention/run", { method: "POST" });
