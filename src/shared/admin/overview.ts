import type { FreshnessRow } from "./connections.ts";

export interface AuditEntry {
  id: number;
  occurredAt: string;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface AdminOverview {
  counts: {
    users: number;
    activeUsers: number;
    items: number;
    activeItems: number;
    activePromotions: number;
    sites: number;
    activeSites: number;
    activeApiKeys: number;
  };
  freshness: FreshnessRow[];
  audit: AuditEntry[];
}
