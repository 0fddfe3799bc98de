import {
  Group,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import type { Kpi } from "../../../shared/reports/envelope.ts";
import { changeColor, formatChange, formatPointChange, formatValue } from "./format-value.ts";
import { HintDropdown } from "./metric-hint.tsx";

/**
 * KPI tiles: the figure, its change against the comparison period (percentage points for shares) and the
 * comparison figure itself. The label opens the hint, the figure's definition, with a link to its entry in
 * the glossary (Begrippen).
 */
export function KpiTiles({
  kpis,
  title,
  comparisonWord,
}: {
  kpis: Kpi[];
  title?: string;
  comparisonWord: string | null;
}) {
  return (
    <Stack gap="xs">
      {title && (
        <Title order={2} size="h4">
          {title}
        </Title>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: kpis.length === 5 ? 5 : 4 }} spacing="sm">
        {kpis.map((kpi) => (
          <KpiTile key={kpi.key} kpi={kpi} comparisonWord={comparisonWord} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function KpiTile({ kpi, comparisonWord }: { kpi: Kpi; comparisonWord: string | null }) {
  const { value, previous } = kpi;
  const comparable = comparisonWord !== null && value !== null && previous !== null;
  const points = kpi.unit === "percent";
  const relative = comparable && !points && previous !== 0 ? (value - previous) / Math.abs(previous) : null;
  const difference = comparable && points ? value - previous : null;
  const shown = relative ?? difference;
  const label = (
    <Text
      size="sm"
      c="dimmed"
      fw={500}
      style={kpi.hint ? { cursor: "help", textDecoration: "underline dotted" } : undefined}
    >
      {kpi.label}
    </Text>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid={`kpi-${kpi.key}`}>
      {kpi.hint ? (
        <Popover width={280} withArrow shadow="md" position="bottom-start">
          <Popover.Target>
            <UnstyledButton aria-label={`${kpi.label}: wat betekent dit?`}>
              {label}
              <VisuallyHidden>{kpi.hint}</VisuallyHidden>
            </UnstyledButton>
          </Popover.Target>
          <HintDropdown hint={kpi.hint} metricKey={kpi.key} />
        </Popover>
      ) : (
        label
      )}
      {kpi.isChange && value !== null ? (
        <Text
          fz={{ base: 22, sm: 26 }}
          fw={700}
          lh={1.3}
          c={changeColor(value, kpi.good)}
          data-testid="kpi-value"
        >
          {formatChange(value)}
        </Text>
      ) : (
        <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.3} data-testid="kpi-value">
          {formatValue(value, kpi.unit, true)}
        </Text>
      )}
      {value === null && kpi.empty && (
        <Text size="xs" c="dimmed" data-testid="kpi-empty">
          {kpi.empty}
        </Text>
      )}
      {kpi.detail && (
        <Text size="xs" c="dimmed" data-testid="kpi-detail">
          {kpi.detail}
        </Text>
      )}
      {comparisonWord !== null && !kpi.isChange && (
        <Group gap={6} mt={2} wrap="wrap" style={{ rowGap: 0 }}>
          {shown !== null ? (
            <Text size="sm" fw={700} c={changeColor(shown, kpi.good)} data-testid="kpi-change">
              {relative !== null
                ? formatChange(relative)
                : formatPointChange(value as number, previous as number)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {comparisonWord}: {formatValue(previous, kpi.unit, true)}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
