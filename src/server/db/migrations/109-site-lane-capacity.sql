-- How many cars one lane of a site washes in an hour at full speed: the live screen's capacity is
-- lanes × this. 60 (a car a minute) is a conveyor tunnel's usual pace; a beheerder sets each site's own
-- under Instellingen › Vestigingen (1–200, checked by the shared schema: DuckDB adds no CHECK with
-- ALTER TABLE ADD COLUMN).
ALTER TABLE sites ADD COLUMN cars_per_lane_hour SMALLINT DEFAULT 60;
UPDATE sites SET cars_per_lane_hour = 60 WHERE cars_per_lane_hour IS NULL;
