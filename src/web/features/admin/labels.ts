import type { ApiKeyScope, DataSource } from "../../../shared/admin/connections.ts";
import type { ItemKind } from "../../../shared/admin/items.ts";
import type { PromotionKind } from "../../../shared/admin/promotions.ts";
import type { Role } from "../../../shared/admin/users.ts";
import { FRESHNESS_LABELS, type Freshness } from "../../../shared/freshness.ts";

// Dutch names of the admin's stored values, used by lists, forms, filters and CSV exports alike.

export { channelLabels } from "../../../shared/admin/promotions.ts";

export const roleLabels: Record<Role, string> = { beheerder: "Beheerder", analist: "Analist" };

export const itemKindLabels: Record<ItemKind, string> = {
  programma: "Wasprogramma",
  extra: "Extra",
  abonnement: "Abonnement",
};

export const promotionKindLabels: Record<PromotionKind, string> = {
  percentage: "Percentage korting",
  bedrag: "Vast bedrag korting",
  "gratis-upgrade": "Gratis upgrade",
};

export const scopeLabels: Record<ApiKeyScope, string> = {
  all: "Alle koppelingen",
  "plate-reads": "Kentekencamera's",
  transactions: "Kassa's",
  "ad-stats": "Advertentiecijfers",
  memberships: "Abonnementen",
  weather: "Weerverwachting",
};

export const sourceLabels: Record<DataSource, string> = {
  "plate-reads": "Kentekencamera's",
  transactions: "Kassa's",
  "ad-stats": "Advertentieplatform",
  website: "Website",
};

export const freshnessLabels: Record<Freshness, { label: string; tone: "good" | "warning" | "bad" }> = {
  actueel: { label: FRESHNESS_LABELS.actueel, tone: "good" },
  vertraagd: { label: FRESHNESS_LABELS.vertraagd, tone: "warning" },
  stil: { label: FRESHNESS_LABELS.stil, tone: "bad" },
};

export const auditActionLabels: Record<string, string> = {
  created: "aangemaakt",
  updated: "gewijzigd",
  deactivated: "gedeactiveerd",
  reactivated: "weer geactiveerd",
  deleted: "verwijderd",
  moved: "verplaatst",
  revoked: "ingetrokken",
  "vouchers-generated": "vouchers gegenereerd",
  "viewed-plates": "kentekens ingezien",
  erased: "gewist",
  started: "gestart",
  stopped: "gestopt",
  "weights-changed": "verdeling gewijzigd",
  used: "gebruikt",
};

export const auditEntityLabels: Record<string, string> = {
  user: "Gebruiker",
  item: "Item",
  promotion: "Actie",
  site: "Vestiging",
  apiKey: "API-sleutel",
  reportToken: "API-token",
  plate: "Kenteken",
  report: "Rapport",
  experiment: "Experiment",
  siteTarget: "Doel",
};

/** Select data from a label table, in the table's order. */
export const options = <V extends string>(labels: Record<V, string>) =>
  (Object.entries(labels) as [V, string][]).map(([value, label]) => ({ value, label }));
