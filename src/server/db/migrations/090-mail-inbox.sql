-- The postbox of the SMTP server inside the app (src/server/mail/inbox-server.ts): in development and the
-- demo, without SMTP_URL, every mail Wasbord sends lands here and a beheerder reads it under
-- Instellingen → Postvak.
CREATE SEQUENCE mail_messages_id START 1;
CREATE TABLE mail_messages (
  id INTEGER PRIMARY KEY DEFAULT nextval('mail_messages_id'),
  received_at TIMESTAMPTZ NOT NULL,
  "from" VARCHAR NOT NULL,
  "to" VARCHAR[] NOT NULL,
  subject VARCHAR NOT NULL,
  text VARCHAR,
  html VARCHAR,
  message_id VARCHAR
);
