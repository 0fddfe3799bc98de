import { TableWriter } from "./bulk.ts";

// The fact tables the demo writes, with their columns' kinds in table order (see the migrations):
// int/smallint/tinyint/bigint, double/real, text, bool, time (epoch ms → TIMESTAMPTZ), date (epoch ms → DATE).

export function demoWriters() {
  return {
    plate_reads: new TableWriter("plate_reads", "int text time smallint text text tinyint text real text"),
    transactions: new TableWriter(
      "transactions",
      "bigint int text time text tinyint text text int int int int text int text",
    ),
    transaction_lines: new TableWriter(
      "transaction_lines",
      "bigint smallint int time int smallint int int int int",
    ),
    web_sessions: new TableWriter(
      "web_sessions",
      "bigint text text time time text text int int int bool text text text text text text text text text text text",
    ),
    pageviews: new TableWriter("pageviews", "bigint text time text int"),
    web_events: new TableWriter("web_events", "bigint text time text text bigint text text text"),
    ad_stats_daily: new TableWriter(
      "ad_stats_daily",
      "text text text date text text text text text tinyint text bigint bigint bigint bigint double bigint text time",
    ),
    vouchers: new TableWriter("vouchers", "bigint text int text int time time time bigint"),
    membership_events: new TableWriter(
      "membership_events",
      "text text text time int int int text text text text",
    ),
    membership_event_plates: new TableWriter(
      "membership_event_plates",
      "text tinyint text time text tinyint",
    ),
  };
}
