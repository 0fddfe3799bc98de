import { BIGINT, type DuckDBConnection, INTEGER, TINYINT, VARCHAR } from "@duckdb/node-api";
import type { IngestResult } from "../../shared/ingest.ts";
import type { MembershipEvent } from "../../shared/membership-events.ts";
import { type ParsedPlate, parsePlate } from "../../shared/plates.ts";
import type { Database } from "../db/database.ts";
import { CodeChecker, type Codes, loadCodes, resolveSites } from "./dimensions.ts";
import { insertNew } from "./insert-new.ts";
import { epochMicros, unnestRelation } from "./unnest.ts";
import type { Numbered } from "./validate.ts";

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
  const siteIds = resolveSites(rows, codes.sites, keySiteId);
  const planIds = resolvePlans(rows, codes);

  const e = {
    event_id: [] as string[],
    member_id: [] as string[],
    type: [] as string[],
    occurred_at: [] as bigint[],
    site_id: [] as (number | null)[],
    plan_item_id: [] as (number | null)[],
    amount_cents: [] as (number | null)[],
    initiated_by: [] as (string | null)[],
    reason: [] as (string | null)[],
    channel: [] as (string | null)[],
    voucher_code: [] as (string | null)[],
  };
  const plates = new Map<string, PendingPlates>();
  rows.forEach(({ value }, i) => {
    // A repeated id in the batch is a duplicate of its first occurrence, as it is of a stored event.
    if (plates.has(value.eventId)) return;
    const occurredAt = epochMicros(value.at);
    plates.set(value.eventId, { memberId: value.memberId, occurredAt, plates: value.plates ?? [] });
    e.event_id.push(value.eventId);
    e.member_id.push(value.memberId);
    e.type.push(value.type);
    e.occurred_at.push(occurredAt);
    e.site_id.push(siteIds[i]);
    e.plan_item_id.push(planIds[i]);
    e.amount_cents.push(value.amountCents ?? null);
    e.initiated_by.push(value.initiatedBy ?? null);
    e.reason.push(value.reason || null);
    e.channel.push(value.channel ?? null);
    e.voucher_code.push(value.voucherCode ?? null);
  });

  const relation = unnestRelation([
    { name: "event_id", type: VARCHAR, values: e.event_id },
    { name: "member_id", type: VARCHAR, values: e.member_id },
    { name: "type", type: VARCHAR, values: e.type },
    { name: "occurred_at", type: BIGINT, values: e.occurred_at, convert: "make_timestamptz(?)" },
    { name: "site_id", type: INTEGER, values: e.site_id },
    { name: "plan_item_id", type: INTEGER, values: e.plan_item_id },
    { name: "amount_cents", type: INTEGER, values: e.amount_cents },
    { name: "initiated_by", type: VARCHAR, values: e.initiated_by },
    { name: "reason", type: VARCHAR, values: e.reason },
    { name: "channel", type: VARCHAR, values: e.channel },
    { name: "voucher_code", type: VARCHAR, values: e.voucher_code },
  ]);
  const accepted = await insertNew(db, {
    table: "membership_events",
    key: "event_id",
    timeColumn: "occurred_at",
    times: e.occurred_at,
    relation,
    returning: "event_id",
    after: (connection, stored) =>
      storePlates(
        connection,
        stored.map((event) => event.event_id as string),
        plates,
      ),
  });
  return { accepted, duplicates: rows.length - accepted };
}

/** The plan of each signup and plan change: a known item, and one of kind 'abonnement'; null for the rest. */
function resolvePlans(rows: Numbered<MembershipEvent>[], codes: Codes): (number | null)[] {
  const checker = new CodeChecker();
  const ids = rows.map(({ row, value }) => {
    if (!value.plan) return null;
    const item = checker.lookup(codes.items, value.plan, row, ["plan"], "abonnementscode");
    if (item && item.kind !== "abonnement") {
      checker.refuse(row, ["plan"], `Item '${value.plan}' is geen abonnement (soort ${item.kind}).`);
    }
    return item?.id ?? null;
  });
  checker.throwIfAny();
  return ids;
}

/** An event of the batch waiting to learn whether it was stored, keyed by event id. */
interface PendingPlates {
  memberId: string;
  occurredAt: bigint;
  plates: string[];
}

/** The plates of the events just stored, normalised and corrected as a camera's reading is. */
async function storePlates(
  connection: DuckDBConnection,
  storedIds: string[],
  pending: Map<string, PendingPlates>,
): Promise<void> {
  const p = {
    event_id: [] as string[],
    plate_no: [] as number[],
    member_id: [] as string[],
    occurred_at: [] as bigint[],
    plate: [] as string[],
    sidecode: [] as (number | null)[],
  };
  for (const eventId of storedIds) {
    const { memberId, occurredAt, plates } = pending.get(eventId) as PendingPlates;
    plates.forEach((raw, index) => {
      // The schema refused plates that normalise to nothing.
      const parsed = parsePlate(raw) as ParsedPlate;
      p.event_id.push(eventId);
      p.plate_no.push(index + 1);
      p.member_id.push(memberId);
      p.occurred_at.push(occurredAt);
      p.plate.push(parsed.plate);
      p.sidecode.push(parsed.sidecode);
    });
  }
  if (p.event_id.length === 0) return;
  const relation = unnestRelation([
    { name: "event_id", type: VARCHAR, values: p.event_id },
    { name: "plate_no", type: TINYINT, values: p.plate_no },
    { name: "member_id", type: VARCHAR, values: p.member_id },
    { name: "occurred_at", type: BIGINT, values: p.occurred_at, convert: "make_timestamptz(?)" },
    { name: "plate", type: VARCHAR, values: p.plate },
    { name: "sidecode", type: TINYINT, values: p.sidecode },
  ]);
  await connection.run(
    `INSERT INTO membership_event_plates BY NAME SELECT * FROM ${relation.sql}`,
    relation.values,
    relation.types,
  );
}
