import { Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { formatDate } from "../../../shared/format.ts";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";
import { COMPARISON_LABELS } from "../../../shared/reports/filters.ts";
import type { KpiGroup, ReportDeclaration } from "./declaration.ts";
import { FilterBar } from "./filter-bar.tsx";
import { KpiTiles } from "./kpi-tiles.tsx";
import { reportQuery } from "./report-query.ts";
import { ReportEmpty, ReportError, ReportLoading } from "./report-states.tsx";
import { ReportTable } from "./report-table.tsx";
import { localToday, type ReportSearch, useReportFilters } from "./use-report-filters.ts";

// ECharts is the largest part of a report screen: its own chunk, so figures and tables show while it loads.
const ReportChart = lazy(() => import("./report-chart.tsx"));

/** A whole report screen drawn from its declaration: title, filters, KPI tiles, charts, extra, tables. */
export function ReportView({ title, declaration }: { title: string; declaration: ReportDeclaration }) {
  const filters = useReportFilters();
  const offered = { period: true, comparison: true, granularity: true, ...declaration.filters };
  // Only the filters the screen offers reach the API, so a stray parameter cannot change hidden figures.
  const search: ReportSearch = offered.period
    ? filters.search
    : { site: filters.search.site, ...(offered.comparison && { compare: filters.search.compare }) };
  const query = useQuery(reportQuery(declaration.id, search));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" maw={820}>
          {declaration.intro}
        </Text>
      </div>
      <FilterBar filters={filters} offer={declaration.filters} />
      {query.data && (
        <Group gap="xs" mt={-8}>
          <PeriodLine envelope={query.data} />
          {query.isFetching && <Loader size="xs" role="status" aria-label="Bijwerken" />}
        </Group>
      )}
      {query.isPending ? (
        <ReportLoading />
      ) : query.isError ? (
        <ReportError error={query.error} retry={() => query.refetch()} reset={filters.reset} />
      ) : (declaration.isEmpty ?? noFigures)(query.data) ? (
        <ReportEmpty />
      ) : (
        <ReportBody declaration={declaration} envelope={query.data} />
      )}
    </Stack>
  );
}

/** Default emptiness: every KPI is 0 or has no figure. */
const noFigures = (envelope: ReportEnvelope) => envelope.kpis.every((kpi) => !kpi.value);

function ReportBody({ declaration, envelope }: { declaration: ReportDeclaration; envelope: ReportEnvelope }) {
  const comparisonWord = envelope.comparison
    ? COMPARISON_LABELS[envelope.comparison.mode].toLowerCase()
    : null;
  const groups: KpiGroup[] = !declaration.kpis
    ? [{ title: "", keys: envelope.kpis.map((k) => k.key) }]
    : typeof declaration.kpis[0] === "string"
      ? [{ title: "", keys: declaration.kpis as string[] }]
      : (declaration.kpis as KpiGroup[]);
  const tableKeys = declaration.tables ?? envelope.tables.map((t) => t.key);
  const fileName = `${declaration.id}-${envelope.period.from}-${envelope.period.to}`;
  const Extra = declaration.extra;

  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <KpiTiles
          key={group.title || "kpis"}
          title={group.title || undefined}
          kpis={group.keys.flatMap((key) => envelope.kpis.filter((k) => k.key === key))}
          comparisonWord={comparisonWord && (group.comparisonLabel ?? comparisonWord)}
        />
      ))}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {declaration.charts.map((chart) => (
          <div key={chart.title} style={chart.half ? undefined : { gridColumn: "1 / -1" }}>
            <Suspense fallback={<Skeleton height={340} radius="md" />}>
              <ReportChart declaration={chart} envelope={envelope} />
            </Suspense>
          </div>
        ))}
      </SimpleGrid>
      {Extra && <Extra envelope={envelope} />}
      {tableKeys.flatMap((key) =>
        envelope.tables
          .filter((table) => table.key === key)
          .map((table) => <ReportTable key={table.key} table={table} fileName={fileName} />),
      )}
    </Stack>
  );
}

/** Which dates the figures cover, and against which: the envelope's own resolution of the filters. */
function PeriodLine({ envelope }: { envelope: ReportEnvelope }) {
  const { period, comparison, site } = envelope;
  const runsToNow = period.to >= localToday();
  const range = (from: string, to: string) =>
    from === to ? formatDate(from) : `${formatDate(from)} t/m ${formatDate(to)}`;
  return (
    <Text size="sm" data-testid="period-line">
      <b>{range(period.from, period.to)}</b>
      {runsToNow && " (tot nu)"}
      {comparison &&
        ` · vergeleken met ${range(comparison.from, comparison.to)}${runsToNow ? " (tot hetzelfde tijdstip)" : ""}`}
      {` · ${site ? site.name : "alle vestigingen"}`}
    </Text>
  );
}
