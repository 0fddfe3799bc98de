import type { DerivedDeclaration } from "../derived-tables.ts";
import { PROGRAMME_VISITS_DECLARED } from "./behaviour/programme-visits-sync.ts";
import { WEB_PAGES_DECLARED } from "./behaviour/web-pages-sync.ts";
import { CUSTOMER_VISITS_DECLARED, SEGMENT_COUNTS_DECLARED } from "./customers/customer-tables.ts";
import { POSTCODE_SALES_DECLARED } from "./customers/postcode-sales.ts";
import { READS_HOURLY_DECLARED } from "./customers/reads-hourly.ts";
import { JOURNEY_DECLARED } from "./journey/journey-sync.ts";
import { MEMBER_STATE_DECLARED } from "./memberships/member-state.ts";
import { MEMBER_WASHES_DECLARED } from "./memberships/member-washes.ts";
import { SALES_SUMS_DECLARED } from "./transactions/sales-rollup.ts";

/**
 * Every table the reports derive from the facts, declared once each (derived-tables.ts) beside the SQL that
 * writes it in this folder, in the order they follow one another: the refresher syncs them in this order, an
 * erasure takes a plate out of them in the reverse. declarations.test.ts holds this list against the schema.
 * Tables that reports read together come one after the other: during a refresher's round a report's tables
 * stand at different points (watermark.ts) only between the first and the last of them, and a report reading
 * them waits for that stretch (the dashboard: the customers' visits, then the hourly reads and the sales sums,
 * a few milliseconds; Flow's segment counts, which follow the visits and take longer, come after those).
 */
export const DERIVED_TABLES: readonly DerivedDeclaration[] = [
  PROGRAMME_VISITS_DECLARED,
  POSTCODE_SALES_DECLARED,
  WEB_PAGES_DECLARED,
  JOURNEY_DECLARED,
  CUSTOMER_VISITS_DECLARED,
  READS_HOURLY_DECLARED,
  SALES_SUMS_DECLARED,
  SEGMENT_COUNTS_DECLARED,
  MEMBER_STATE_DECLARED,
  MEMBER_WASHES_DECLARED,
];
