-- Until now a catch-up of the customer visits (visits-sync.ts) computed the local times of a customer's later
-- visits with the UTC offsets of its own new facts' days only: a late read from before a clock change put the
-- visits after it an hour off (issue 25). Every stored local time is set again from its instant, and the daily
-- sums made from them are emptied, so that the next sync sums them again (visits-sync.ts, `daily_missing`).
UPDATE customer_visits SET
  visit_local = timezone('Europe/Amsterdam', visit_at),
  first_visit_local = timezone('Europe/Amsterdam', first_visit_at),
  previous_visit_local = timezone('Europe/Amsterdam', previous_visit_at),
  previous_site_visit_local = timezone('Europe/Amsterdam', previous_site_visit_at)
WHERE visit_local <> timezone('Europe/Amsterdam', visit_at)
  OR first_visit_local <> timezone('Europe/Amsterdam', first_visit_at)
  OR previous_visit_local IS DISTINCT FROM timezone('Europe/Amsterdam', previous_visit_at)
  OR previous_site_visit_local IS DISTINCT FROM timezone('Europe/Amsterdam', previous_site_visit_at);
UPDATE customers SET first_visit_local = timezone('Europe/Amsterdam', first_visit_at)
WHERE first_visit_local IS DISTINCT FROM timezone('Europe/Amsterdam', first_visit_at);
DELETE FROM customer_visits_daily;
