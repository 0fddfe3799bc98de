import { Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { formatDate } from "../../../../../shared/format.ts";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { FlowExtra } from "../../../../../shared/reports/extras.ts";
import { SankeyFlow, type SankeyNode } from "../../../../components/charts/sankey-chart.tsx";
import { WeekdayHourHeatmap } from "../../../../components/charts/weekday-hour-heatmap.tsx";

const SEGMENT_ORDER = ["nog-geen-klant", "nieuw", "incidenteel", "regelmatig", "vast", "verloren"];
/** Per segment, in SEGMENT_ORDER, a colour of the report palette; lost customers in red. */
const SEGMENT_COLORS = [0, 1, 5, 3, 4, 6];
const segmentOf = (node: SankeyNode) => SEGMENT_ORDER.indexOf(node.id.slice(node.id.indexOf(":") + 1));
const colorOf = (node: SankeyNode) => SEGMENT_COLORS[segmentOf(node)];
const range = (r: { from: string; to: string }) =>
  r.from === r.to ? formatDate(r.from) : `${formatDate(r.from)} t/m ${formatDate(r.to)}`;

/** Flow: arrivals per weekday and hour, and the segment migration from the previous period. */
export default function FlowPart({ envelope }: { envelope: ReportEnvelope }) {
  const { heatmap, migration } = envelope.extra as FlowExtra;
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md" data-testid="arrivals-heatmap">
        <Title order={2} size="h4">
          Aankomsten per weekdag en uur
        </Title>
        <Text size="xs" c="dimmed">
          Bezoeken in de periode, naar het plaatselijke tijdstip van aankomst.
        </Text>
        <WeekdayHourHeatmap
          cells={heatmap.map((cell) => ({ weekday: cell.weekday, hour: cell.hour, value: cell.visits }))}
          unit="bezoeken"
          label="Aankomsten per weekdag en uur van de dag; de aantallen per uur staan in de tooltip."
        />
      </Paper>
      <Paper withBorder p="md" radius="md" data-testid="segment-sankey">
        <Title order={2} size="h4">
          Verschuiving tussen klantsegmenten
        </Title>
        <Text size="xs" c="dimmed">
          Links: {migration.previous ? range(migration.previous) : "vorige periode"}. Rechts:{" "}
          {range(migration.current)}. Vast: gemiddeld minstens eens per twee weken; regelmatig: minstens eens
          per 45 dagen.
        </Text>
        <SankeyFlow
          nodes={[...migration.nodes].sort((a, b) => segmentOf(a) - segmentOf(b))}
          links={migration.links.map((link) => ({ from: link.from, to: link.to, value: link.plates }))}
          colorOf={colorOf}
          unit="kentekens"
          label="Hoeveel kentekens van elk segment in de vorige periode in welk segment van deze periode vielen; dezelfde cijfers staan in de tabel Verschuivingen tussen segmenten."
        />
      </Paper>
    </SimpleGrid>
  );
}
