-- web_landing_daily (migration 084) starts empty: the next web-pages sync works every derived web table out
-- again from all facts. Last in order, so that it also runs after 089 on a new database.
DELETE FROM web_page_sessions;
DELETE FROM web_page_daily;
UPDATE web_page_sync SET sessions = 0, pageviews = 0, events = 0, engaged = 0, session_updates = 0;
