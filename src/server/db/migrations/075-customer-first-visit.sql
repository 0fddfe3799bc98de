-- Each customer's first visit ever (the first read of its plate at an entrance, at any site), kept on the
-- customer itself: "when was this plate first seen" is then a join by plate on one row per customer, where
-- customer_visits would need a scan of every visit. Written only by src/server/reports/customers/visits-sync.ts,
-- from the customer's visits; null only inside a sync, between a new customer and its visits.

ALTER TABLE customers ADD COLUMN first_visit_at TIMESTAMPTZ;
ALTER TABLE customers ADD COLUMN first_visit_local TIMESTAMP;

UPDATE customers SET first_visit_at = f.first_visit_at, first_visit_local = f.first_visit_local
FROM (
  SELECT customer_id, any_value(first_visit_at) AS first_visit_at, any_value(first_visit_local) AS first_visit_local
  FROM customer_visits GROUP BY customer_id
) f
WHERE customers.id = f.customer_id;
