-- Each membership's course, worked out from its events (membership_events, in the order they happened, not
-- the order they arrived) by src/server/reports/memberships/member-state.ts, and kept per member: the reports
-- read these instead of replaying the events per request. Derived: every row can be worked out again from the
-- facts at any time (the warehouse's declaration says how).

-- One row per membership with a signup: its sale, and its end (the first cancel after the signup).
CREATE TABLE membership_members (
  member_id VARCHAR NOT NULL PRIMARY KEY,
  signed_up_at TIMESTAMPTZ NOT NULL,
  -- where it was sold (null: online or in the app), how, with which promotion's code, and its first plan
  site_id INTEGER,
  channel VARCHAR,
  voucher_code VARCHAR,
  signup_plan_item_id INTEGER NOT NULL,
  -- its plan after its last plan change
  plan_item_id INTEGER NOT NULL,
  ended_at TIMESTAMPTZ,
  -- 'member' (voluntary) or 'system' (after failed payments: involuntary)
  ended_by VARCHAR
);

-- The stretches in which a membership is active (signed up, not cancelled, not paused) on one plan:
-- [started_at, ended_at), ended_at null while it runs. A plan change ends one stretch and starts the next.
CREATE TABLE membership_spans (
  member_id VARCHAR NOT NULL,
  site_id INTEGER,
  plan_item_id INTEGER NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ
);

-- The plates an active membership covers, per stretch: [started_at, ended_at) within its active stretches,
-- cut at its plate changes. A wash of one of these plates in its stretch is a member wash.
CREATE TABLE membership_plates (
  member_id VARCHAR NOT NULL,
  site_id INTEGER,
  plate VARCHAR NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ
);

-- How far the tables above have taken the events in: rows counted, and max(rowid) + 1 (member-state.ts).
CREATE TABLE membership_state_sync (
  events BIGINT NOT NULL,
  events_next BIGINT NOT NULL,
  plates BIGINT NOT NULL,
  plates_next BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO membership_state_sync VALUES (0, 0, 0, 0, now());

-- Member washes (REPORT-DEFINITIONS §5): the washes (programme_visits) whose plate an active membership
-- covered at that moment, with the membership and where it was sold. Kept by member-washes.ts from
-- programme_visits and membership_plates; the reports read washes per site from programme_visits_daily and
-- the members' share of them from here.
CREATE TABLE membership_washes (
  transaction_id BIGINT NOT NULL,
  member_id VARCHAR NOT NULL,
  -- where the membership was sold (null: online or in the app) and where the wash was
  member_site_id INTEGER,
  site_id INTEGER NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  free BOOLEAN NOT NULL
);

-- How far membership_washes has taken in the sales and their lines (programme_visits follows them) and the
-- membership events (membership_plates follows them): rows counted and max(rowid) + 1 of each.
CREATE TABLE membership_washes_sync (
  transactions BIGINT NOT NULL,
  transactions_next BIGINT NOT NULL,
  lines BIGINT NOT NULL,
  lines_next BIGINT NOT NULL,
  events BIGINT NOT NULL,
  events_next BIGINT NOT NULL,
  plates BIGINT NOT NULL,
  plates_next BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO membership_washes_sync VALUES (0, 0, 0, 0, 0, 0, 0, 0, now());
