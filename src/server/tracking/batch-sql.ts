import { BIGINT, BOOLEAN, type DuckDBType, type DuckDBValue, INTEGER, VARCHAR } from "@duckdb/node-api";
import { type BatchColumn, unnestRelation } from "../ingest/unnest.ts";
import type { Changes, EventRow, PageviewRow, Session, SessionRow } from "./sessions.ts";

// The SQL that writes one batch of the session tracker's changes (store.ts): a statement per table, each
// with the batch's rows bound as one relation (unnestRelation), all in one transaction. Writing the rows
// into the SQL as a literal made a batch one call to DuckDB and collect about a fifth faster under load, but
// the rows are the website's visitors' text: they stay bound parameters.

export const micros = (ms: number) => BigInt(ms) * 1000n;
const TIMESTAMP = "make_timestamptz(?)";

function column<T>(
  rows: T[],
  name: string,
  type: DuckDBType,
  pick: (row: T) => DuckDBValue,
  convert?: string,
) {
  return { name, type, values: rows.map(pick), convert } satisfies BatchColumn;
}

const sessionId = (row: { session: Session }) => BigInt(row.session.id as number);

function sessionFigures(rows: SessionRow[]): BatchColumn[] {
  return [
    column(rows, "id", BIGINT, sessionId),
    column(rows, "ended_at", BIGINT, (row) => micros(row.endedAt), TIMESTAMP),
    column(rows, "exit_path", VARCHAR, (row) => row.exitPath),
    column(rows, "pageviews", INTEGER, (row) => row.pageviews),
    column(rows, "interactive_events", INTEGER, (row) => row.interactiveEvents),
    column(rows, "duration_seconds", INTEGER, (row) => row.durationSeconds),
    column(rows, "is_bounce", BOOLEAN, (row) => row.isBounce),
  ];
}

/** Text columns of a session that are set when it starts and never change. */
export const FIXED_AT_START = [
  ["referrer", "referrer"],
  ["referrer_host", "referrerHost"],
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
  ["utm_content", "utmContent"],
  ["utm_term", "utmTerm"],
  ["gclid", "gclid"],
  ["fbclid", "fbclid"],
  ["channel", "channel"],
  ["device", "device"],
  ["visitor_id", "visitorId"],
  ["hostname", "hostname"],
  ["landing_path", "landingPath"],
] as const;

function pageviewColumns(rows: PageviewRow[]): BatchColumn[] {
  return [
    column(rows, "session_id", BIGINT, sessionId),
    column(rows, "visitor_id", VARCHAR, (row) => row.visitorId),
    column(rows, "viewed_at", BIGINT, (row) => micros(row.viewedAt), TIMESTAMP),
    column(rows, "path", VARCHAR, (row) => row.path),
    column(rows, "engaged_seconds", INTEGER, (row) => row.engagedSeconds),
  ];
}

function eventColumns(rows: EventRow[]): BatchColumn[] {
  return [
    column(rows, "session_id", BIGINT, sessionId),
    column(rows, "visitor_id", VARCHAR, (row) => row.visitorId),
    column(rows, "occurred_at", BIGINT, (row) => micros(row.occurredAt), TIMESTAMP),
    column(rows, "kind", VARCHAR, (row) => row.kind),
    column(rows, "path", VARCHAR, (row) => row.path),
    column(rows, "revenue_cents", BIGINT, (row) =>
      row.revenueCents === null ? null : BigInt(row.revenueCents),
    ),
    column(rows, "voucher_code", VARCHAR, (row) => row.voucherCode),
    column(rows, "experiment_key", VARCHAR, (row) => row.experimentKey),
    column(rows, "variant_key", VARCHAR, (row) => row.variantKey),
  ];
}

const SESSION_SET = [
  "ended_at",
  "exit_path",
  "pageviews",
  "interactive_events",
  "duration_seconds",
  "is_bounce",
];

/** A statement with its bound values (unnestRelation's batch, and a lower time bound for an UPDATE). */
export interface BoundStatement {
  sql: string;
  values: DuckDBValue[];
  types: DuckDBType[];
}

/**
 * An UPDATE … FROM a batch, bounded below by a time so that DuckDB skips the row groups before it (sessions
 * and pageviews are appended in time order, which is what makes the bound effective).
 */
function update(columns: BatchColumn[], since: number, sql: (batch: string, since: string) => string) {
  const relation = unnestRelation(columns);
  return {
    sql: sql(relation.sql, `make_timestamptz($${relation.values.length + 1})`),
    values: [...relation.values, micros(since)],
    types: [...relation.types, BIGINT],
  };
}

/** The statements, in order, that write `changes`; none when there is nothing to write. */
export function changeStatements(changes: Changes): BoundStatement[] {
  const inserts = changes.sessions.filter((row) => row.insert);
  const updates = changes.sessions.filter((row) => !row.insert);
  const { newPageviews, pageviewUpdates, events } = changes;
  const statements: BoundStatement[] = [];
  const insert = (table: string, columns: BatchColumn[]) => {
    if (columns[0].values.length === 0) return;
    const relation = unnestRelation(columns);
    statements.push({ ...relation, sql: `INSERT INTO ${table} BY NAME SELECT * FROM ${relation.sql}` });
  };
  insert("web_sessions", [
    ...sessionFigures(inserts),
    column(inserts, "started_at", BIGINT, (row) => micros(row.session.startedAt), TIMESTAMP),
    ...FIXED_AT_START.map(([name, field]) => column(inserts, name, VARCHAR, (row) => row.session[field])),
  ]);
  if (updates.length > 0) {
    statements.push(
      update(
        sessionFigures(updates),
        Math.min(...updates.map((row) => row.session.startedAt)),
        (batch, since) =>
          `UPDATE web_sessions SET ${SESSION_SET.map((name) => `${name} = u.${name}`).join(", ")} FROM ${batch} u
           WHERE web_sessions.id = u.id AND web_sessions.started_at >= ${since}`,
      ),
    );
  }
  insert("pageviews", pageviewColumns(newPageviews));
  if (pageviewUpdates.length > 0) {
    statements.push(
      update(
        pageviewColumns(pageviewUpdates),
        Math.min(...pageviewUpdates.map((row) => row.viewedAt)),
        (batch, since) =>
          `UPDATE pageviews SET engaged_seconds = u.engaged_seconds FROM ${batch} u
           WHERE pageviews.session_id = u.session_id AND pageviews.viewed_at = u.viewed_at
             AND pageviews.path = u.path AND pageviews.viewed_at >= ${since}`,
      ),
    );
  }
  // An UPDATE leaves the row counts as they were: tell the derived web tables (web-pages-sync.ts) which
  // sessions changed.
  insert("web_session_updates", [column(updates, "session_id", BIGINT, sessionId)]);
  insert("pageview_engaged_updates", [column(pageviewUpdates, "session_id", BIGINT, sessionId)]);
  insert("web_events", eventColumns(events));
  return statements;
}
