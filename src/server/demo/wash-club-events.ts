import type { MembershipEvent, MembershipEventType } from "../../shared/membership-events.ts";
import type { ParsedPlate } from "../../shared/plates.ts";
import type { TableWriter } from "./bulk.ts";
import { SITES, SUBSCRIPTIONS } from "./catalog.ts";
import type { Catalog } from "./dimensions.ts";

// The wash club's membership events as the till system reports them (REPORT-DEFINITIONS §5): rows for the
// demo's bulk writers, or the API shape of POST /api/ingest/memberships for the live demo.

export interface ClubEvent {
  memberId: string;
  type: MembershipEventType;
  /** UTC epoch ms. */
  at: number;
  /** Index into SITES; null online or in the app. */
  site: number | null;
  /** Index into SUBSCRIPTIONS: signup, plan_change. */
  plan?: number;
  /** signup, plate_change: normalised as the ingest stores them. */
  plates?: Pick<ParsedPlate, "plate" | "sidecode">[];
  amountCents?: number;
  initiatedBy?: "member" | "system";
  reason?: string;
  channel?: "site" | "online" | "app";
  voucherCode?: string;
}

/** Unique per member, type and moment, so that the same day planned twice gives the same ids. */
export const clubEventId = (prefix: string, event: ClubEvent) =>
  `${prefix}-${event.memberId}-${event.type.replace("_", "")}-${event.at.toString(36)}`;

/** Member ids: the customer's number, after a prefix that keeps the live chain's newcomers apart. */
export const memberIdOf = (prefix: string, customer: number) =>
  `${prefix}${String(customer).padStart(6, "0")}`;

export interface ClubWriters {
  events: TableWriter;
  plates: TableWriter;
}

/** Appends the events to membership_events and membership_event_plates, columns in table order. */
export function writeClubEvents(events: ClubEvent[], writers: ClubWriters, catalog: Catalog): void {
  for (const event of events) {
    const eventId = clubEventId("demo", event);
    writers.events.add(
      eventId,
      event.memberId,
      event.type,
      event.at,
      event.site === null ? null : catalog.siteIds[event.site],
      event.plan === undefined ? null : (catalog.itemIds.get(SUBSCRIPTIONS[event.plan].code) ?? null),
      event.amountCents ?? null,
      event.initiatedBy ?? null,
      event.reason ?? null,
      event.channel ?? null,
      event.voucherCode ?? null,
    );
    event.plates?.forEach((plate, i) => {
      writers.plates.add(eventId, i + 1, event.memberId, event.at, plate.plate, plate.sidecode);
    });
  }
}

/** The event as the till system would post it; fields a type does not carry are left out. */
export function clubEventApiShape(prefix: string, event: ClubEvent): MembershipEvent {
  const shape: MembershipEvent = {
    eventId: clubEventId(prefix, event),
    memberId: event.memberId,
    type: event.type,
    at: new Date(event.at).toISOString(),
    site: event.site === null ? null : SITES[event.site].code,
  };
  if (event.plan !== undefined) shape.plan = SUBSCRIPTIONS[event.plan].code;
  if (event.plates) shape.plates = event.plates.map((plate) => plate.plate);
  if (event.amountCents !== undefined) shape.amountCents = event.amountCents;
  if (event.initiatedBy) shape.initiatedBy = event.initiatedBy;
  if (event.reason) shape.reason = event.reason;
  if (event.channel) shape.channel = event.channel;
  if (event.voucherCode) shape.voucherCode = event.voucherCode;
  return shape;
}
