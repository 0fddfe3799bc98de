-- Weather (REPORT-DEFINITIONS §6): KNMI daily station data (daggegevens), imported under Instellingen ›
-- Weer or with `npm run import:weather`, and the forecast per site that POST /api/ingest/weather brings.

-- A KNMI station, by its number (STN), with the coordinates the file's header gives. An import updates the
-- name and coordinates of the stations it names.
CREATE TABLE weather_stations (
  code INTEGER PRIMARY KEY CHECK (code > 0),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  lat DOUBLE NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon DOUBLE NOT NULL CHECK (lon BETWEEN -180 AND 180)
);

-- One station's day as measured: TG (daily mean temperature), RH (rain) and SQ (sunshine) in °C, mm and
-- hours; null when the file left the field empty or did not carry it. KNMI's −1 ("less than 0.05") is 0:
-- below what the daily figure resolves. An import replaces the days it covers per station, so a corrected
-- file never doubles a day.
CREATE TABLE weather_daily (
  station_code INTEGER NOT NULL,
  day DATE NOT NULL,
  temp_c DOUBLE CHECK (temp_c BETWEEN -60 AND 60),
  rain_mm DOUBLE CHECK (rain_mm BETWEEN 0 AND 1000),
  sunshine_h DOUBLE CHECK (sunshine_h BETWEEN 0 AND 24),
  imported_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (station_code, day)
);

-- The forecast for one site and day, as last received: a later forecast for the same site and day replaces
-- the earlier one (received_at says when it came). Same fields and units as weather_daily.
CREATE TABLE weather_forecasts (
  site_id INTEGER NOT NULL,
  day DATE NOT NULL,
  temp_c DOUBLE CHECK (temp_c BETWEEN -60 AND 60),
  rain_mm DOUBLE CHECK (rain_mm BETWEEN 0 AND 1000),
  sunshine_h DOUBLE CHECK (sunshine_h BETWEEN 0 AND 24),
  received_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (site_id, day)
);

-- Each site's station: the nearest, by great-circle distance (haversine, mean Earth radius 6371 km), of the
-- stations that hold at least one day; ties go to the lower station number. A view, so a new station or a
-- moved site is linked the moment it is there.
CREATE VIEW site_weather_stations AS
SELECT site_id, station_code, distance_km
FROM (
  SELECT s.id AS site_id, w.code AS station_code,
    2 * 6371 * asin(sqrt(
      pow(sin(radians(w.lat - s.lat) / 2), 2)
      + cos(radians(s.lat)) * cos(radians(w.lat)) * pow(sin(radians(w.lon - s.lon) / 2), 2)
    )) AS distance_km,
    row_number() OVER (PARTITION BY s.id ORDER BY distance_km, w.code) AS nearness
  FROM sites s
  CROSS JOIN weather_stations w
  WHERE EXISTS (SELECT 1 FROM weather_daily d WHERE d.station_code = w.code)
)
WHERE nearness = 1;

-- API keys get the scope 'weather', the way 110 added 'memberships': DuckDB cannot change a CHECK constraint
-- in place, and no table refers to api_keys, so it is recreated with the one scope more; ids and the sequence
-- stay.
CREATE TEMP TABLE api_keys_copy AS SELECT * FROM api_keys;
DROP TABLE api_keys;
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY DEFAULT nextval('api_keys_id_seq'),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  prefix VARCHAR NOT NULL,
  secret_sha256 VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(secret_sha256, '[0-9a-f]{64}')),
  scope VARCHAR NOT NULL
    CHECK (scope IN ('all', 'plate-reads', 'transactions', 'ad-stats', 'memberships', 'weather')),
  site_id INTEGER REFERENCES sites (id),
  created_by VARCHAR,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
INSERT INTO api_keys BY NAME SELECT * FROM api_keys_copy;
DROP TABLE api_keys_copy;
