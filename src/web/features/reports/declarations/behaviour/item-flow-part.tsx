import { Paper, Text, Title } from "@mantine/core";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";
import type { ItemFlowExtra } from "../../../../../shared/reports/extras.ts";
import { SankeyFlow } from "../../../../components/charts/sankey-chart.tsx";

/** Programmakeuze: from which programme to which, between a plate's consecutive visits. */
export default function ItemFlowPart({ envelope }: { envelope: ReportEnvelope }) {
  const { transitions } = envelope.extra as ItemFlowExtra;
  // The same programme has the same colour on both sides (nodes come in the programmes' order).
  const labels = [...new Set(transitions.nodes.map((node) => node.label))];
  const colorOf = (node: { label: string }) => labels.indexOf(node.label);
  return (
    <Paper withBorder p="md" radius="md" data-testid="programme-sankey">
      <Title order={2} size="h4">
        Van programma naar programma
      </Title>
      <Text size="xs" c="dimmed">
        Links het programma van het vorige bezoek, rechts dat van het bezoek in de periode; abonnementswassen
        als Abonnement.
      </Text>
      <SankeyFlow
        nodes={transitions.nodes}
        links={transitions.links}
        unit="bezoeken"
        colorOf={colorOf}
        label="Hoeveel bezoeken van elk programma de vorige keer naar welk programma deze keer gingen; dezelfde cijfers staan in de tabel Van programma naar programma."
      />
    </Paper>
  );
}
