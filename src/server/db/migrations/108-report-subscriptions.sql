-- Subscriptions to a report screen or saved view (src/server/subscriptions): the report and its query string
-- (relative periods stay relative: resolved when the mail goes out), a schedule in Europe/Amsterdam, and who
-- gets it. No foreign keys: deleting a subscription deletes its recipients in the same transaction, and the
-- sends stay as the history of what went out.
CREATE SEQUENCE report_subscriptions_id START 1;
CREATE TABLE report_subscriptions (
  id INTEGER PRIMARY KEY DEFAULT nextval('report_subscriptions_id'),
  owner_email VARCHAR NOT NULL,
  report VARCHAR NOT NULL,
  query VARCHAR NOT NULL,
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  cadence VARCHAR NOT NULL CHECK (cadence IN ('daily', 'weekly', 'monthly')),
  -- weekly: ISO weekday, 1 = Monday … 7 = Sunday. monthly: day of the month; past a short month's end, its last day.
  weekday INTEGER CHECK (weekday BETWEEN 1 AND 7),
  month_day INTEGER CHECK (month_day BETWEEN 1 AND 31),
  hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
  created_at TIMESTAMPTZ NOT NULL
);

-- unsubscribed_at: set by the opt-out link in the mail; no more mail to this address for this subscription.
CREATE SEQUENCE report_subscription_recipients_id START 1;
CREATE TABLE report_subscription_recipients (
  id INTEGER PRIMARY KEY DEFAULT nextval('report_subscription_recipients_id'),
  subscription_id INTEGER NOT NULL,
  email VARCHAR NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  unsubscribed_at TIMESTAMPTZ,
  UNIQUE (subscription_id, email)
);

-- One row per subscription, recipient and slot (the scheduled instant), claimed before the mail goes out:
-- a slot is never sent twice to a recipient, also across restarts.
CREATE TABLE report_subscription_sends (
  subscription_id INTEGER NOT NULL,
  recipient_id INTEGER NOT NULL,
  slot TIMESTAMPTZ NOT NULL,
  email VARCHAR NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  message_id VARCHAR,
  PRIMARY KEY (subscription_id, recipient_id, slot)
);

-- The postbox shows the names of a received message's attachments (the subscription's Excel file).
ALTER TABLE mail_messages ADD COLUMN attachments VARCHAR[] DEFAULT [];
