import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { ExperimentDetail, ExperimentView } from "../../../../shared/experiments/report.ts";
import { MULTIPLE_EXPOSURE_WARNING } from "../../../../shared/experiments/report.ts";
import { formatNumber, formatPercent } from "../../../../shared/format.ts";
import { metricLabel } from "../../../../shared/metrics/registry.ts";
import { downloadTableCsv } from "../../../components/reports/csv.ts";
import { guardrailLabels } from "../../../lib/experiment-labels.ts";
import {
  decisionText,
  explanations,
  multipleText,
  SUSPICIOUS_TEXT,
  signedPercent,
  srmText,
  verdictColors,
  verdictReason,
  verdictTitle,
} from "./texts.ts";
import { comparisonIn, variantResultsTable } from "./variant-results.ts";
import { VariantTable } from "./variant-table.tsx";

// ECharts in its own chunk: the figures and the verdict show while it loads.
const ExperimentTrend = lazy(() => import("./experiment-trend.tsx"));

/** One experiment's phase: verdict, health warnings, per-variant results, journey, guardrail and trend. */
export function ExperimentDetailView(props: { detail: ExperimentDetail; view: ExperimentView }) {
  const { detail, view } = props;
  const verdict = detail.verdict[view];
  const guardrailHarm = detail.variants.filter((v) => {
    const verdictOfGuardrail = v.guardrail?.verdict[view];
    return verdictOfGuardrail?.verdict === "lost";
  });
  return (
    <Stack gap="lg">
      <Alert
        color={verdictColors[verdict.verdict].alert}
        styles={{ title: { color: `var(--mantine-color-${verdictColors[verdict.verdict].alert}-9)` } }}
        title={verdictTitle(verdict, detail.variants, detail.status === "stopped")}
      >
        <Stack gap={4}>
          <Text size="sm">{verdictReason(detail, view)}</Text>
          {verdict.suspicious && <Text size="sm">{SUSPICIOUS_TEXT}</Text>}
          <Text size="sm">{decisionText(detail)}</Text>
        </Stack>
      </Alert>
      {detail.srm.mismatch && (
        <Alert
          color="red"
          role="alert"
          title="De verdeling van de bezoekers klopt niet (sample ratio mismatch)"
        >
          <Text size="sm">{srmText(detail)}</Text>
        </Alert>
      )}
      {detail.excluded.multipleShare > MULTIPLE_EXPOSURE_WARNING && (
        <Alert color="red" role="alert" title="Bezoekers zagen meer dan één variant">
          <Text size="sm">
            {multipleText(detail.excluded.multipleShare, detail.excluded.multipleVariants)}
          </Text>
        </Alert>
      )}
      {guardrailHarm.length > 0 && detail.guardrail && (
        <Alert
          color="red"
          role="alert"
          title={`Vangrail: ${guardrailLabels[detail.guardrail].toLowerCase()} wordt slechter`}
        >
          <Text size="sm">
            {guardrailHarm.map((v) => v.name).join(", ")} laat meer bezoekers na één pagina vertrekken dan de
            controle.
          </Text>
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Resultaten per variant
          </Title>
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              downloadTableCsv(
                `experiment-${detail.key}-fase-${detail.phase}.csv`,
                variantResultsTable(detail, view),
              )
            }
          >
            Exporteer CSV
          </Button>
        </Group>
        <VariantTable detail={detail} view={view} />
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="xs">
            Van klik tot wasbeurt
          </Title>
          <Table.ScrollContainer minWidth={360}>
            <Table aria-label="Vouchers en eerste wasbeurten per variant">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Variant</Table.Th>
                  <Table.Th ta="right">{metricLabel("exposed_voucher_claims")}</Table.Th>
                  <Table.Th ta="right">{metricLabel("exposed_redemptions")}</Table.Th>
                  <Table.Th ta="right">{metricLabel("exposed_first_washes")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.variants.map((v) => (
                  <Table.Tr key={v.key}>
                    <Table.Td>{v.name}</Table.Td>
                    <Table.Td ta="right">{formatNumber(v.claimed)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(v.redemptions)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(v.firstWashes)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="xs">
            Vangrail: {detail.guardrail ? guardrailLabels[detail.guardrail].toLowerCase() : "geen"}
          </Title>
          {detail.guardrail ? (
            <Table.ScrollContainer minWidth={320}>
              <Table aria-label="Bouncepercentage per variant">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Variant</Table.Th>
                    <Table.Th ta="right">Bouncepercentage</Table.Th>
                    <Table.Th ta="right">Verschil</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.variants.map((v) => {
                    const c = comparisonIn(v, view, "guardrail");
                    return (
                      <Table.Tr key={v.key}>
                        <Table.Td>{v.name}</Table.Td>
                        <Table.Td ta="right">
                          {v.bounceRate === null ? "–" : formatPercent(v.bounceRate)}
                        </Table.Td>
                        <Table.Td ta="right">
                          {v.isControl ? "maatstaf" : c?.computed ? signedPercent(c.uplift) : "–"}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              Voor dit experiment is geen vangrail ingesteld.
            </Text>
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4">
          Verloop per dag
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Uplift en kans om te winnen, opgeteld vanaf de eerste dag van de fase. Schommelingen in de eerste
          dagen zijn normaal.
        </Text>
        {detail.daily.length > 0 ? (
          <Suspense fallback={<Skeleton height={300} />}>
            <ExperimentTrend detail={detail} />
          </Suspense>
        ) : (
          <Text size="sm">Deze fase is nog niet begonnen.</Text>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          Wat betekenen deze cijfers?
        </Title>
        <Stack gap={6} component="dl" m={0}>
          {explanations(detail, view, view === "sequential").map(([term, text]) => (
            <div key={term}>
              <Text component="dt" size="sm" fw={600}>
                {term}
              </Text>
              <Text component="dd" size="sm" m={0} c="dimmed">
                {text}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
