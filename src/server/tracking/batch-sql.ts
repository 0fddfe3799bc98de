import { BIGINT, BOOLEAN, type DuckDBType, type DuckDBValue, INTEGER, VARCHAR } from "@duckdb/node-api";
import { type BatchColumn, unnestLiteral } from "../ingest/unnest.ts";
import type { Changes, EventRow, PageviewRow, Session, SessionRow } from "./sessions.ts";

// The SQL that writes one batch of the session tracker's changes (store.ts). Every statement carries its
// rows as a literal, so the whole batch is one call to DuckDB: with a parameter each statement took three
// trips between the event loop and DuckDB's threads, and under load every trip waited behind the requests
// in the event loop, which made a batch of ~9 ms take ~35 ms.

export const micros = (ms: number) => BigInt(ms) * 1000n;
const TIMESTAMP = "make_timestamptz(?)";
const since = (ms: number) => `make_timestamptz(${micros(ms)}::BIGINT)`;

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

/** The statements, in order, that write `changes`; none when there is nothing to write. */
export function changeStatements(changes: Changes): string[] {
  const inserts = changes.sessions.filter((row) => row.insert);
  const updates = changes.sessions.filter((row) => !row.insert);
  const { newPageviews, pageviewUpdates, events } = changes;
  const statements: string[] = [];
  const insert = (table: string, columns: BatchColumn[]) => {
    if (columns[0].values.length > 0) {
      statements.push(`INSERT INTO ${table} BY NAME SELECT * FROM ${unnestLiteral(columns)}`);
    }
  };
  insert("web_sessions", [
    ...sessionFigures(inserts),
    column(inserts, "started_at", BIGINT, (row) => micros(row.session.startedAt), TIMESTAMP),
    ...FIXED_AT_START.map(([name, field]) => column(inserts, name, VARCHAR, (row) => row.session[field])),
  ]);
  // Sessions and pageviews are appended in time order: the lower bound on time lets DuckDB skip the row
  // groups before it.
  if (updates.length > 0) {
    statements.push(
      `UPDATE web_sessions SET ${SESSION_SET.map((name) => `${name} = u.${name}`).join(", ")}
       FROM ${unnestLiteral(sessionFigures(updates))} u
       WHERE web_sessions.id = u.id
         AND web_sessions.started_at >= ${since(Math.min(...updates.map((row) => row.session.startedAt)))}`,
    );
  }
  insert("pageviews", pageviewColumns(newPageviews));
  if (pageviewUpdates.length > 0) {
    statements.push(
      `UPDATE pageviews SET engaged_seconds = u.engaged_seconds FROM ${unnestLiteral(pageviewColumns(pageviewUpdates))} u
       WHERE pageviews.session_id = u.session_id AND pageviews.viewed_at = u.viewed_at
         AND pageviews.path = u.path
         AND pageviews.viewed_at >= ${since(Math.min(...pageviewUpdates.map((row) => row.viewedAt)))}`,
    );
  }
  // An UPDATE leaves the row counts as they were: tell the derived web tables (web-pages-sync.ts) which
  // sessions changed.
  insert("web_session_updates", [column(updates, "session_id", BIGINT, sessionId)]);
  insert("pageview_engaged_updates", [column(pageviewUpdates, "session_id", BIGINT, sessionId)]);
  insert("web_events", eventColumns(events));
  return statements;
}
