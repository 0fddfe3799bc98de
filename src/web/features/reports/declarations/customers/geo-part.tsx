import { Paper, Skeleton, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatPercent } from "../../../../../shared/format.ts";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { GeoExtra } from "../../../../../shared/reports/extras.ts";
import { type AreaGeoJson, RegionMap } from "../../../../components/charts/region-map.tsx";
import provincesUrl from "../../geo/nl-provinces.geojson?url";

/** Geografische locatie: customers per province (shaded) and per PC2 region (circles), and the sites. */
export default function GeoPart({ envelope }: { envelope: ReportEnvelope }) {
  const { map } = envelope.extra as GeoExtra;
  // The boundaries are a static file of the build, fetched once when the map is first shown.
  const boundaries = useQuery({
    queryKey: ["geo", "nl-provinces"],
    queryFn: async (): Promise<AreaGeoJson> => (await fetch(provincesUrl)).json(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="customer-map">
      <Title order={2} size="h4">
        Waar de klanten wonen
      </Title>
      <Text size="xs" c="dimmed" maw={820}>
        Provincies gekleurd naar klanten met een postcode; cirkels per postcoderegio (PC2, op de plaats van de
        hoofdplaats); ◆ vestigingen. Grenzen: Natural Earth (publiek domein).
      </Text>
      {boundaries.data ? (
        <RegionMap
          mapName="nl-provinces"
          geoJson={boundaries.data}
          areas={map.provinces.map((p) => ({
            code: p.code,
            name: p.name,
            value: p.customers,
            note: p.share === null ? undefined : `${formatPercent(p.share)} van de klanten`,
          }))}
          points={map.regions.map((r) => ({ name: r.name, lat: r.lat, lon: r.lon, value: r.customers }))}
          places={map.sites}
          unit="klanten"
          label="Kaart van Nederland met de klanten met een postcode per provincie en per postcoderegio; dezelfde cijfers staan in de tabellen."
        />
      ) : boundaries.isError ? (
        <Text c="red.9">De kaart kon niet worden geladen; de cijfers staan in de tabellen.</Text>
      ) : (
        <Skeleton height={600} radius="md" />
      )}
    </Paper>
  );
}
