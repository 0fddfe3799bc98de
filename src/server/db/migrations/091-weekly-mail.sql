-- The Monday e-mail (src/server/weekly-mail): who gets it, for which sites, and which weeks went out.

-- site_ids empty: the whole chain. unsubscribed_at: set by the opt-out link in the mail; no more mail then.
CREATE SEQUENCE weekly_mail_recipients_id START 1;
CREATE TABLE weekly_mail_recipients (
  id INTEGER PRIMARY KEY DEFAULT nextval('weekly_mail_recipients_id'),
  email VARCHAR NOT NULL UNIQUE,
  site_ids INTEGER[] NOT NULL DEFAULT [],
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  unsubscribed_at TIMESTAMPTZ
);

-- One row per recipient and week (its Monday) once the mail is sent: the schedule never sends a week twice.
-- Rows stay after the recipient is removed (no foreign key): the history of what went out.
CREATE TABLE weekly_mail_sends (
  recipient_id INTEGER NOT NULL,
  week_start DATE NOT NULL,
  email VARCHAR NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  message_id VARCHAR,
  PRIMARY KEY (recipient_id, week_start)
);

-- The HMAC key that signs the opt-out links (32 random bytes as hex), made once on first use.
CREATE TABLE weekly_mail_key (
  secret VARCHAR NOT NULL CHECK (regexp_full_match(secret, '[0-9a-f]{64}'))
);
