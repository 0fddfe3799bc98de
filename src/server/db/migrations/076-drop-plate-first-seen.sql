-- A plate's first sighting now has one home, customers.first_visit_at (migration 075): the first visit
-- begins at the plate's first entrance read, the instant plate_first_seen (migration 021) kept apart.

DROP TABLE plate_first_seen;
DROP TABLE plate_first_seen_sync;
