import { Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDate, formatDateTime, formatDecimal, formatNumber } from "../../../../shared/format.ts";
import type { WeatherSite, WeatherStationOverview } from "../../../../shared/weather.ts";
import { ADMIN_KEY } from "../api/admin-api.ts";
import { AdminScreen, useNotice } from "../components/admin-screen.tsx";
import { AdminTable, type Column } from "../components/admin-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { weatherOverviewQuery } from "./weather-api.ts";
import { WeatherImportPanel } from "./weather-import-panel.tsx";

const period = (s: WeatherStationOverview) =>
  s.from && s.to ? `${formatDate(s.from)} t/m ${formatDate(s.to)}` : "geen dagen";

const forecast = (site: WeatherSite) =>
  site.forecastFrom && site.forecastTo && site.forecastReceivedAt
    ? `verwachting ${formatDate(site.forecastFrom)} t/m ${formatDate(site.forecastTo)}, ontvangen ${formatDateTime(site.forecastReceivedAt)}`
    : "geen verwachting";

const siteLine = (site: WeatherSite) => `${site.name} (${formatDecimal(site.distanceKm)} km)`;

const columns: Column<WeatherStationOverview>[] = [
  { key: "station", label: "Station", value: (s) => `${s.code} ${s.name}` },
  {
    key: "location",
    label: "Ligging",
    nowrap: true,
    value: (s) => `${formatDecimal(s.lat)}° N, ${formatDecimal(s.lon)}° O`,
  },
  { key: "period", label: "Periode", nowrap: true, value: (s) => s.from, render: period, csv: period },
  { key: "days", label: "Dagen", align: "right", value: (s) => s.days, render: (s) => formatNumber(s.days) },
  {
    key: "sites",
    label: "Gekoppelde vestigingen",
    value: (s) => s.sites.map(siteLine).join(", "),
    render: (s) =>
      s.sites.length === 0 ? (
        <Text size="sm" c="dimmed">
          Geen: een ander station ligt dichterbij
        </Text>
      ) : (
        <Stack gap={2}>
          {s.sites.map((site) => (
            <div key={site.code}>
              {siteLine(site)}
              <Text size="xs" c="dimmed">
                {forecast(site)}
              </Text>
            </div>
          ))}
        </Stack>
      ),
  },
];

export function WeatherPage({ title }: { title: string }) {
  const overview = useQuery(weatherOverviewQuery);
  const queryClient = useQueryClient();
  const notice = useNotice();
  return (
    <AdminScreen
      title={title}
      intro="Weergegevens van het KNMI per station en de weerverwachting per vestiging. Elke vestiging hoort bij het dichtstbijzijnde station met gegevens."
      notice={notice.notice}
      onNoticeClose={notice.clear}
    >
      <Title order={2} size="h3">
        Stations
      </Title>
      <QueryState query={overview} what="de weerstations">
        {(data) => (
          <>
            <AdminTable
              label="Weerstations"
              csvName="weerstations"
              rows={data.stations}
              columns={columns}
              rowKey={(s) => s.code}
              empty={
                <Text>
                  Er zijn nog geen weergegevens. Importeer hieronder de KNMI-daggegevens van het station bij
                  je vestigingen.
                </Text>
              }
            />
            {data.unlinkedSites.length > 0 && data.stations.length > 0 && (
              <Text size="sm">Zonder station: {data.unlinkedSites.map((site) => site.name).join(", ")}.</Text>
            )}
          </>
        )}
      </QueryState>
      <WeatherImportPanel
        onImported={() => {
          notice.clear();
          void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
        }}
      />
    </AdminScreen>
  );
}
