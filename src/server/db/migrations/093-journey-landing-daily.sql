-- What the customer journey credits to the sessions of a day, per landing page and channel of the session (as
-- web_sessions has them; Landing Pages shows these): the redemptions of codes claimed in them and the plates
-- they acquired (journey_redemptions, journey_customers). The journey sync keeps it (journey-sync.ts); filled
-- here from the journey as it stands, which is empty on a new database.
CREATE TABLE journey_landing_daily (
  day DATE NOT NULL,
  landing_path VARCHAR NOT NULL,
  channel VARCHAR NOT NULL,
  redemptions BIGINT NOT NULL,
  acquired BIGINT NOT NULL
);
INSERT INTO journey_landing_daily
SELECT j.local_date, w.landing_path, w.channel, sum(c.redemptions), sum(c.acquired)
FROM (
  SELECT claim_session_id AS session_id, 1 AS redemptions, 0 AS acquired FROM journey_redemptions
  WHERE claim_session_id IS NOT NULL
  UNION ALL SELECT session_id, 0, 1 FROM journey_customers
) c
JOIN journey_sessions j ON j.session_id = c.session_id
JOIN web_sessions w ON w.id = c.session_id
GROUP BY ALL
ORDER BY 1;
