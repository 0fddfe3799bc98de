import { amsterdamDate } from "../../shared/time-zone.ts";
import type { WeatherOverview, WeatherSite, WeatherStationOverview } from "../../shared/weather.ts";
import type { Queryable } from "../db/database.ts";

// Instellingen › Weer: per station the days held and the sites it is the nearest station of (the view
// site_weather_stations), with each site's forecast from today on.

export async function weatherOverview(db: Queryable): Promise<WeatherOverview> {
  const stations = await db.query<Omit<WeatherStationOverview, "sites">>(
    `SELECT w.code, w.name, w.lat, w.lon, min(d.day) AS "from", max(d.day) AS "to", count(d.day) AS days
     FROM weather_stations w LEFT JOIN weather_daily d ON d.station_code = w.code
     GROUP BY w.code, w.name, w.lat, w.lon
     ORDER BY w.code`,
  );
  const sites = await db.query<WeatherSite & { stationCode: number | null }>(
    `SELECT l.station_code AS "stationCode", s.code, s.name, l.distance_km AS "distanceKm",
       min(f.day) AS "forecastFrom", max(f.day) AS "forecastTo", max(f.received_at) AS "forecastReceivedAt"
     FROM sites s
     LEFT JOIN site_weather_stations l ON l.site_id = s.id
     LEFT JOIN weather_forecasts f ON f.site_id = s.id AND f.day >= $1::DATE
     GROUP BY ALL
     ORDER BY s.name`,
    [amsterdamDate()],
  );
  return {
    stations: stations.map((station) => ({
      ...station,
      sites: sites
        .filter((site) => site.stationCode === station.code)
        .map(({ stationCode: _, ...site }) => site),
    })),
    unlinkedSites: sites
      .filter((site) => site.stationCode === null)
      .map((site) => ({ code: site.code, name: site.name })),
  };
}
