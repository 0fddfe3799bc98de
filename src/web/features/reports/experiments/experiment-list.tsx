import { Badge, Button, Table, Text } from "@mantine/core";
import type { ExperimentSummary, ExperimentView } from "../../../../shared/experiments/report.ts";
import { formatDate, formatNumber } from "../../../../shared/format.ts";
import { metricLabels, statusLabels } from "../../../lib/experiment-labels.ts";
import { verdictColors, verdictLabels } from "./texts.ts";

export const period = (e: { startedAt: string | null; stoppedAt: string | null }) =>
  e.startedAt
    ? `${formatDate(e.startedAt)} – ${e.stoppedAt ? formatDate(e.stoppedAt) : "nu"}`
    : "nog niet gestart";

/**
 * Every experiment with its current verdict (second, so that a phone shows it beside the name), status,
 * period, variants and primary metric.
 */
export function ExperimentList(props: {
  experiments: ExperimentSummary[];
  selected: string | null;
  view: ExperimentView;
  onSelect: (key: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label="Experimenten" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Experiment</Table.Th>
            <Table.Th>Oordeel</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Periode</Table.Th>
            <Table.Th>Varianten</Table.Th>
            <Table.Th>Primaire metric</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.experiments.map((e) => {
            const verdict = e.verdict[props.view];
            const current = e.key === props.selected;
            return (
              <Table.Tr key={e.key} bg={current ? "var(--mantine-color-blue-light)" : undefined}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {e.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {e.key} · {formatNumber(e.units)} bezoekers
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={verdictColors[verdict.verdict].badge} miw="max-content">
                    {verdictLabels[verdict.verdict]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge color={e.status === "running" ? "blue.8" : "gray.7"} miw="max-content">
                    {statusLabels[e.status]}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{period(e)}</Table.Td>
                <Table.Td>{e.variants.map((v) => v.name).join(", ")}</Table.Td>
                <Table.Td>{metricLabels[e.metric]}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant={current ? "filled" : "light"}
                    onClick={() => props.onSelect(e.key)}
                    aria-label={`Resultaten bekijken: ${e.name}`}
                    aria-pressed={current}
                  >
                    Bekijken
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
