import { BIGINT, type DuckDBConnection, INTEGER, TINYINT, VARCHAR } from "@duckdb/node-api";
import type { IngestResult } from "../../shared/ingest.ts";
import type { MembershipEvent } from "../../shared/membership-events.ts";
import { type ParsedPlate, parsePlate } from "../../shared/plates.ts";
import type { Database } from "../db/database.ts";
import { CodeChecker, type Codes, loadCodes, resolveSites } from "./dimensions.ts";
import { insertNew } from "./insert-new.ts";
import { type ColumnTypes, epochMicros, unnestRows } from "./unnest.ts";
import type { Numbered } from "./validate.ts";

const TIMESTAMP = { type: BIGINT, convert: "make_timestamptz(?)" };

type EventRow = {
  event_id: string;
  member_id: string;
  type: string;
  occurred_at: bigint;
  site_id: number | null;
  plan_item_id: number | null;
  amount_cents: number | null;
  initiated_by: string | null;
  reason: string | null;
  channel: string | null;
  voucher_code: string | null;
};

const EVENT_COLUMNS: ColumnTypes<EventRow> = {
  event_id: { type: VARCHAR },
  member_id: { type: VARCHAR },
  type: { type: VARCHAR },
  occurred_at: TIMESTAMP,
  site_id: { type: INTEGER },
  plan_item_id: { type: INTEGER },
  amount_cents: { type: INTEGER },
  initiated_by: { type: VARCHAR },
  reason: { type: VARCHAR },
  channel: { type: VARCHAR },
  voucher_code: { type: VARCHAR },
};

type PlateRow = {
  event_id: string;
  plate_no: number;
  member_id: string;
  occurred_at: bigint;
  plate: string;
  sidecode: number | null;
};

const EVENT_PLATE_COLUMNS: ColumnTypes<PlateRow> = {
  event_id: { type: VARCHAR },
  plate_no: { type: TINYINT },
  member_id: { type: VARCHAR },
  occurred_at: TIMESTAMP,
  plate: { type: VARCHAR },
  sidecode: { type: TINYINT },
};

/**
 * Stores a validated batch of membership events in one transaction: the events whose id is not stored yet,
 * with their plates. Events are facts: they are kept as they come, whatever their order. Site codes must
 * exist, and a plan must be a subscription item.
 */
export async function storeMembershipEvents(
  db: Database,
  rows: Numbered<MembershipEvent>[],
  keySiteId: number | null,
): Promise<IngestResult> {
  const codes = await loadCodes(db);
  const checker = new CodeChecker();
  const planIds = resolvePlans(rows, codes, checker);
  const siteIds = resolveSites(rows, codes.sites, keySiteId, checker);

  const events: EventRow[] = [];
  // The plates of each event of the batch, stored with the events that turn out to be new.
  const platesOf = new Map<string, PlateRow[]>();
  rows.forEach(({ value }, i) => {
    // A repeated id in the batch is a duplicate of its first occurrence, as it is of a stored event.
    if (platesOf.has(value.eventId)) return;
    const occurredAt = epochMicros(value.at);
    platesOf.set(value.eventId, plateRows(value, occurredAt));
    events.push({
      event_id: value.eventId,
      member_id: value.memberId,
      type: value.type,
      occurred_at: occurredAt,
      site_id: siteIds[i],
      plan_item_id: planIds[i],
      amount_cents: value.amountCents ?? null,
      initiated_by: value.initiatedBy ?? null,
      reason: value.reason || null,
      channel: value.channel ?? null,
      voucher_code: value.voucherCode ?? null,
    });
  });
  const accepted = await insertNew(db, {
    table: "membership_events",
    key: "event_id",
    timeColumn: "occurred_at",
    times: events.map((event) => event.occurred_at),
    relation: unnestRows(EVENT_COLUMNS, events),
    returning: "event_id",
    after: (connection, stored) =>
      storePlates(
        connection,
        stored.flatMap((event) => platesOf.get(event.event_id as string) ?? []),
      ),
  });
  return { accepted, duplicates: rows.length - accepted };
}

/**
 * The plan of each signup and plan change: a known item, and one of kind 'abonnement'; null for the rest.
 * Unknown and wrong plans are left in `checker`.
 */
function resolvePlans(
  rows: Numbered<MembershipEvent>[],
  codes: Codes,
  checker: CodeChecker,
): (number | null)[] {
  return rows.map(({ row, value }) => {
    if (!value.plan) return null;
    const item = checker.lookup(codes.items, value.plan, row, ["plan"], "abonnementscode");
    if (item && item.kind !== "abonnement") {
      checker.refuse(row, ["plan"], `Item '${value.plan}' is geen abonnement (soort ${item.kind}).`);
    }
    return item?.id ?? null;
  });
}

/** An event's plates, normalised and corrected as a camera's reading is. */
function plateRows(event: MembershipEvent, occurredAt: bigint): PlateRow[] {
  return (event.plates ?? []).map((raw, index) => {
    // The schema refused plates that normalise to nothing.
    const { plate, sidecode } = parsePlate(raw) as ParsedPlate;
    return {
      event_id: event.eventId,
      plate_no: index + 1,
      member_id: event.memberId,
      occurred_at: occurredAt,
      plate,
      sidecode,
    };
  });
}

async function storePlates(connection: DuckDBConnection, rows: PlateRow[]): Promise<void> {
  if (rows.length === 0) return;
  const relation = unnestRows(EVENT_PLATE_COLUMNS, rows);
  await connection.run(
    `INSERT INTO membership_event_plates BY NAME SELECT * FROM ${relation.sql}`,
    relation.values,
    relation.types,
  );
}
