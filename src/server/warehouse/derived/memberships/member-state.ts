import type { Queryable } from "../../../db/database.ts";
import { aheadOfWatermark, countOf, serialised } from "../../derived-sync.ts";
import type { DerivedDeclaration } from "../../derived-tables.ts";

// Each membership's course from its events (REPORT-DEFINITIONS §5), kept in membership_members, _spans and
// _plates (migration 112); its declines with the charge that recovered each and its charges with its site
// and plan (_declines, _charges, migration 123). Events arrive in any order (a charge before its signup); a
// member's rows are worked out again from all of its events whenever one of them arrives, so the order they
// came in never matters, only the order they happened in.
//
// The course: the membership starts at its first signup and ends at its first cancel after that. Between,
// it is active except while paused (a pause until the next resume). Events at one instant apply signup
// first and cancel last. Events before the signup or after the cancel change nothing (their charges are
// still money received: the reports sum charges from the events).

/** The order of events at one instant. */
const RANK = `CASE type WHEN 'signup' THEN 0 WHEN 'plan_change' THEN 1 WHEN 'plate_change' THEN 1
  WHEN 'resume' THEN 2 WHEN 'charge' THEN 3 WHEN 'decline' THEN 3 WHEN 'pause' THEN 4 ELSE 5 END`;

/**
 * The events of the members in `members` (a subquery of member ids) from their signup up to their first
 * cancel after it, in order (seq), each with the plan and whether the membership is active right after it.
 */
const courseSql = (members: string) => `
  numbered AS (
    SELECT *, row_number() OVER (PARTITION BY member_id ORDER BY occurred_at, ${RANK}, event_id) AS seq
    FROM membership_events WHERE member_id IN (${members})
  ), signed AS (
    SELECT *, min(seq) FILTER (WHERE type = 'signup') OVER (PARTITION BY member_id) AS signup_seq
    FROM numbered
  ), lived AS (
    SELECT *, min(seq) FILTER (WHERE type = 'cancel') OVER (PARTITION BY member_id) AS cancel_seq
    FROM signed WHERE seq >= signup_seq
  ), course AS (
    SELECT member_id, seq, event_id, type, occurred_at, initiated_by,
      first_value(site_id) OVER w AS member_site_id,
      last_value(plan_item_id IGNORE NULLS) OVER w AS plan,
      type <> 'cancel'
        AND coalesce(last_value(CASE WHEN type IN ('pause', 'resume') THEN type END IGNORE NULLS) OVER w, '') <> 'pause'
        AS active
    FROM lived WHERE cancel_seq IS NULL OR seq <= cancel_seq
    WINDOW w AS (PARTITION BY member_id ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  )`;

const membersSql = (members: string) => `WITH ${courseSql(members)}
  SELECT s.member_id, s.occurred_at AS signed_up_at, s.site_id, s.channel, s.voucher_code,
    s.plan_item_id AS signup_plan_item_id, last.plan AS plan_item_id,
    c.occurred_at AS ended_at, c.initiated_by AS ended_by
  FROM (SELECT * FROM signed WHERE seq = signup_seq) s
  JOIN (SELECT member_id, arg_max(plan, seq) AS plan FROM course GROUP BY member_id) last USING (member_id)
  LEFT JOIN (SELECT * FROM course WHERE type = 'cancel') c USING (member_id)`;

/** Active stretches: runs of events after which the membership is active on one plan. */
const stretchesSql = `stretches AS (
    SELECT member_id, member_site_id, run, any_value(state) AS plan, min(occurred_at) AS started_at
    FROM (
      SELECT *, sum(CASE WHEN state IS NOT DISTINCT FROM prior THEN 0 ELSE 1 END)
          OVER (PARTITION BY member_id ORDER BY seq) AS run
      FROM (
        SELECT *, lag(state) OVER (PARTITION BY member_id ORDER BY seq) AS prior
        FROM (SELECT *, CASE WHEN active THEN plan END AS state FROM course)
      )
    )
    GROUP BY member_id, member_site_id, run
  ), spans AS (
    SELECT member_id, member_site_id AS site_id, plan AS plan_item_id, started_at,
      lead(started_at) OVER (PARTITION BY member_id ORDER BY run) AS ended_at
    FROM stretches
  )`;

const spansSql = (members: string) => `WITH ${courseSql(members)}, ${stretchesSql}
  SELECT * FROM spans WHERE plan_item_id IS NOT NULL AND (ended_at IS NULL OR ended_at > started_at)`;

/** The plates of each signup or plate change, until the next one, cut to the active stretches. */
const platesSql = (members: string) => `WITH ${courseSql(members)}, ${stretchesSql}, covers AS (
    SELECT member_id, event_id, occurred_at AS from_at,
      lead(occurred_at) OVER (PARTITION BY member_id ORDER BY seq) AS until_at
    FROM course WHERE type IN ('signup', 'plate_change')
  )
  SELECT DISTINCT s.member_id, s.site_id, p.plate,
    greatest(c.from_at, s.started_at) AS started_at,
    CASE WHEN c.until_at IS NULL THEN s.ended_at WHEN s.ended_at IS NULL THEN c.until_at
      ELSE least(c.until_at, s.ended_at) END AS ended_at
  FROM covers c
  JOIN membership_event_plates p ON p.event_id = c.event_id
  JOIN spans s ON s.member_id = c.member_id AND s.plan_item_id IS NOT NULL
    AND coalesce(s.ended_at, 'infinity'::TIMESTAMPTZ) > c.from_at
    AND coalesce(c.until_at, 'infinity'::TIMESTAMPTZ) > s.started_at
  WHERE s.ended_at IS NULL OR s.ended_at > s.started_at`;

/** Each decline and the member's first charge after it (null: none yet). */
const declinesSql = (members: string) => `
  SELECT d.event_id, d.member_id, d.occurred_at, min(c.occurred_at) AS recovered_at
  FROM membership_events d LEFT JOIN (
    SELECT member_id, occurred_at FROM membership_events WHERE type = 'charge' AND member_id IN (${members})
  ) c ON c.member_id = d.member_id AND c.occurred_at > d.occurred_at
  WHERE d.type = 'decline' AND d.member_id IN (${members})
  GROUP BY d.event_id, d.member_id, d.occurred_at`;

/** Each charge with its member's site of sale and plan now (null before the signup arrived). */
const chargesSql = (members: string) => `
  SELECT c.member_id, c.occurred_at, c.amount_cents, m.site_id, m.plan_item_id
  FROM membership_events c LEFT JOIN membership_members m USING (member_id)
  WHERE c.type = 'charge' AND c.member_id IN (${members})`;

const TABLES = [
  "membership_members",
  "membership_spans",
  "membership_plates",
  "membership_declines",
  "membership_charges",
] as const;

interface SyncState {
  events: number;
  events_next: number;
  plates: number;
  plates_next: number;
}

/**
 * Works out again the members with events that arrived since the last call (all members when events were
 * deleted behind the bookkeeping's back: the rowids no longer say what is new).
 */
export const syncMemberState = (db: Queryable) =>
  serialised(
    db,
    "membership_state_sync",
    (database) =>
      database.transaction(async (tx) => {
        const [state] = await tx.query<SyncState>("SELECT * FROM membership_state_sync");
        const events = await countOf(tx, "membership_events");
        const plates = await countOf(tx, "membership_event_plates");
        if (events.rows === state.events && plates.rows === state.plates && events.next === state.events_next)
          return;
        if (aheadOfWatermark(events.rows, state.events)) return;
        const appended =
          events.rows - state.events === events.next - state.events_next &&
          plates.rows - state.plates === plates.next - state.plates_next &&
          events.rows >= state.events;
        const members = appended
          ? `SELECT member_id FROM membership_events WHERE rowid >= $events_from
              UNION SELECT member_id FROM membership_event_plates WHERE rowid >= $plates_from`
          : "SELECT member_id FROM membership_events";
        const params: Record<string, number> = appended
          ? { events_from: state.events_next, plates_from: state.plates_next }
          : {};
        for (const table of TABLES) {
          await tx.run(
            appended ? `DELETE FROM ${table} WHERE member_id IN (${members})` : `DELETE FROM ${table}`,
            params,
          );
        }
        await tx.run(`INSERT INTO membership_members BY NAME (${membersSql(members)})`, params);
        await tx.run(`INSERT INTO membership_spans BY NAME (${spansSql(members)})`, params);
        await tx.run(`INSERT INTO membership_plates BY NAME (${platesSql(members)})`, params);
        await tx.run(`INSERT INTO membership_declines BY NAME (${declinesSql(members)})`, params);
        // after membership_members: a charge takes its member's site and plan from there
        await tx.run(`INSERT INTO membership_charges BY NAME (${chargesSql(members)})`, params);
        await tx.run(
          `UPDATE membership_state_sync SET events = $events, events_next = $events_next, plates = $plates,
            plates_next = $plates_next, synced_at = now()`,
          { events: events.rows, events_next: events.next, plates: plates.rows, plates_next: plates.next },
        );
      }),
    { events: "membership_events", plates: "membership_event_plates" },
  );

/** Each membership's course: its sale and end, its active stretches and the plates they cover; its money. */
export const MEMBER_STATE_DECLARED: DerivedDeclaration = {
  name: "abonnementen: verloop per lid",
  follows: ["membership_events", "membership_event_plates"],
  tables: [...TABLES],
  bookkeeping: {
    state: "membership_state_sync",
    facts: { events: "membership_events", plates: "membership_event_plates" },
  },
  plateColumns: { membership_plates: ["plate"] },
  sync: syncMemberState,
  reset: async (tx) => {
    for (const table of TABLES) await tx.run(`DELETE FROM ${table}`);
    await tx.run("UPDATE membership_state_sync SET events = 0, events_next = 0, plates = 0, plates_next = 0");
  },
  // The erasure deletes the plate's rows from membership_event_plates after this: the plates' bookkeeping
  // then no longer matches the rowids, and the next sync works every member out again without the plate.
  erase: async (tx, plate) => {
    await tx.run("DELETE FROM membership_plates WHERE plate = $plate", { plate });
  },
};
