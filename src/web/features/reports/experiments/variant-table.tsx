import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import type { ExperimentDetail, ExperimentView } from "../../../../shared/experiments/report.ts";
import { formatEuro, formatNumber, formatPercent } from "../../../../shared/format.ts";
import { metricLabel } from "../../../../shared/metrics/registry.ts";
import { metricLabels } from "../../../lib/experiment-labels.ts";
import { signedPercent } from "./texts.ts";
import { UpliftBar } from "./uplift-bar.tsx";
import { comparisonIn, testOutcome, testOutcomeLabel } from "./variant-results.ts";

const pct = (value: number | null) => (value === null ? "–" : formatPercent(value));

/** Per variant: visitors, conversions, rate, revenue per visitor, and the primary metric against control. */
export function VariantTable({ detail, view }: { detail: ExperimentDetail; view: ExperimentView }) {
  const range = Math.min(
    1,
    Math.max(
      0.05,
      ...detail.variants.flatMap((v) => {
        const c = comparisonIn(v, view);
        return c?.computed ? [Math.abs(c.interval[0]), Math.abs(c.interval[1])] : [];
      }),
    ),
  );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped aria-label="Resultaten per variant" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variant</Table.Th>
            <Table.Th ta="right">{metricLabel("exposed_visitors")}</Table.Th>
            <Table.Th ta="right">{metricLabel("exposed_conversions")}</Table.Th>
            <Table.Th ta="right">{metricLabel("exposed_conversion_rate")}</Table.Th>
            <Table.Th ta="right">{metricLabel("revenue_per_visitor")}</Table.Th>
            <Table.Th>
              {metricLabel("uplift")} {metricLabels[detail.metric].toLowerCase()} (95%-interval)
            </Table.Th>
            {view === "bayesian" ? (
              <>
                <Table.Th ta="right">{metricLabel("chance_to_win")}</Table.Th>
                <Table.Th ta="right">{metricLabel("risk")}</Table.Th>
              </>
            ) : (
              <Table.Th ta="right">{testOutcomeLabel(view)}</Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.variants.map((v) => {
            const c = comparisonIn(v, view);
            return (
              <Table.Tr key={v.key}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {v.name}
                    </Text>
                    {v.isControl && (
                      <Badge size="xs" variant="light" color="gray" miw="max-content">
                        controle
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(v.units)}</Table.Td>
                <Table.Td ta="right">{formatNumber(v.conversions)}</Table.Td>
                <Table.Td ta="right">{pct(v.conversionRate)}</Table.Td>
                <Table.Td ta="right">
                  {v.revenuePerVisitor === null ? "–" : formatEuro(v.revenuePerVisitor)}
                </Table.Td>
                <Table.Td miw={200}>
                  {v.isControl ? (
                    <Text size="sm" c="dimmed">
                      maatstaf
                    </Text>
                  ) : c?.computed ? (
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {signedPercent(c.uplift)}{" "}
                        <Text span size="xs" c="dimmed" fw={400}>
                          ({signedPercent(c.interval[0])} tot {signedPercent(c.interval[1])})
                        </Text>
                      </Text>
                      <UpliftBar
                        lower={c.interval[0]}
                        upper={c.interval[1]}
                        uplift={c.uplift}
                        range={range}
                      />
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      niet te berekenen
                    </Text>
                  )}
                </Table.Td>
                {view === "bayesian" ? (
                  <>
                    <Table.Td ta="right">
                      {v.primary?.bayesian.computed ? formatPercent(v.primary.bayesian.chanceToWin) : "–"}
                    </Table.Td>
                    <Table.Td ta="right">
                      {v.primary?.bayesian.computed ? formatPercent(v.primary.bayesian.risk.variant) : "–"}
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td ta="right">{testOutcome(v, view) ?? "–"}</Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
