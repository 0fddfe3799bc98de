-- Notes a beheerder puts on the charts' time axis (issue 14): a local date, optionally a site, a short text.
-- site_id: sites.id, checked by the application when the note is written (no foreign key, like promotions'
-- affiliate_id: DuckDB's foreign keys get in the way of updating the referenced rows). Deleting a note
-- removes the row; what it said stays in the audit log.
CREATE SEQUENCE annotations_id_seq START 1;
CREATE TABLE annotations (
  id INTEGER PRIMARY KEY DEFAULT nextval('annotations_id_seq'),
  on_date DATE NOT NULL,
  site_id INTEGER,
  text VARCHAR NOT NULL CHECK (length(trim(text)) BETWEEN 1 AND 200),
  created_by VARCHAR NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
