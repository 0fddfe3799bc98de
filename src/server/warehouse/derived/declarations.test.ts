import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../tests/support/migrated-database.ts";
import type { Database } from "../../db/database.ts";
import { REPORTS } from "../../reports/registry.ts";
import { FACT_PLATE_COLUMNS, FACT_TABLES } from "../derived-tables.ts";
import { DERIVED_TABLES } from "./declarations.ts";

// The declarations against the schema: every table is a fact, a setting of the application or declared by
// exactly one derived-table declaration; every plate column of a derived table is declared with an erasure.
// A new derived table that is not declared, or declared without its privacy handling, fails here.

/** Tables that hold what people and machines set or the application keeps for itself, not the facts' sums. */
const APPLICATION_TABLES = [
  "affiliates",
  "alert_deliveries",
  "alert_incidents",
  "alert_rules",
  "annotations",
  "api_keys",
  "app_users",
  "audit_log",
  "experiment_phases",
  "experiment_variants",
  "experiments",
  "health_check",
  "items",
  "mail_messages",
  "privacy_key",
  "privacy_runs",
  "promotion_items",
  "promotions",
  "report_subscription_recipients",
  "report_subscription_sends",
  "report_subscriptions",
  "report_tokens",
  "saved_views",
  "schema_migrations",
  "site_targets",
  "sites",
  "tracking_counts",
  "tracking_salts",
  // the weather as imported (KNMI) and forecast, replaced per station or site and day, and each site's
  // nearest station (a view): read as they are, no derived table follows them
  "site_weather_stations",
  "weather_daily",
  "weather_forecasts",
  "weather_stations",
  "vouchers",
  "weekly_mail_key",
  "weekly_mail_recipients",
  "weekly_mail_sends",
];

let db: Database;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(() => db.close());

const declared = DERIVED_TABLES.flatMap((d) => [...d.tables, d.bookkeeping.state]);

describe("the derived-table declarations", () => {
  it("cover every table of the schema that is neither a fact nor an application table, each once", async () => {
    const tables = (
      await db.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'main' ORDER BY 1",
      )
    ).map((row) => row.name);
    const undeclared = tables.filter(
      (table) =>
        !declared.includes(table) &&
        !(FACT_TABLES as readonly string[]).includes(table) &&
        !APPLICATION_TABLES.includes(table),
    );
    expect(undeclared, "tables nobody declared (warehouse/derived/declarations.ts)").toEqual([]);
    expect(
      declared.filter((table) => !tables.includes(table)),
      "declared tables that do not exist",
    ).toEqual([]);
    expect(new Set(declared).size, "a table declared twice").toBe(declared.length);
  });

  it("name every plate column of a fact and of a derived table, the latter with an erasure", async () => {
    const plateColumns = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'main' AND column_name LIKE '%plate%' AND data_type = 'VARCHAR'`,
    );
    expect(plateColumns.map((c) => `${c.table_name}.${c.column_name}`)).toContain(
      "membership_event_plates.plate",
    );
    for (const { table_name: table, column_name: column } of plateColumns) {
      if ((FACT_TABLES as readonly string[]).includes(table)) {
        expect(FACT_PLATE_COLUMNS[table] ?? [], `FACT_PLATE_COLUMNS of ${table}`).toContain(column);
        continue;
      }
      const owner = DERIVED_TABLES.find((d) => d.tables.includes(table));
      expect(owner, `${table}.${column} holds a plate but no declaration keeps ${table}`).toBeDefined();
      expect(owner?.plateColumns[table] ?? [], `${owner?.name}: plateColumns of ${table}`).toContain(column);
      expect(owner?.erase, `${owner?.name} keeps plates: it needs an erasure`).not.toBeNull();
    }
  });

  it("are what the reports sync before they read", () => {
    const syncs = new Set(DERIVED_TABLES.map((d) => d.sync));
    for (const report of REPORTS.values()) {
      for (const sync of report.syncs)
        expect(syncs.has(sync), `${report.id}: a sync nobody declared`).toBe(true);
    }
  });
});
