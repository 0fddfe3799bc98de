-- Targets per site and calendar month (REPORT-DEFINITIONS §6), set by a beheerder under Instellingen ›
-- Doelen: washes, revenue excl. VAT in cents and new members of the wash club. Each may be left unset
-- (null): a site may have a revenue target and no washes target. A row with all three unset is not kept:
-- clearing the last figure deletes the row. `month` is the month's first day.
CREATE TABLE site_targets (
  site_id INTEGER NOT NULL REFERENCES sites (id),
  month DATE NOT NULL CHECK (extract(day FROM month) = 1),
  washes INTEGER CHECK (washes >= 0),
  revenue_ex_vat_cents BIGINT CHECK (revenue_ex_vat_cents >= 0),
  new_members INTEGER CHECK (new_members >= 0),
  updated_by VARCHAR NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, month),
  CHECK (washes IS NOT NULL OR revenue_ex_vat_cents IS NOT NULL OR new_members IS NOT NULL)
);
