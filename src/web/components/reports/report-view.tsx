import { Box, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue, useEffect } from "react";
import { formatDate, formatList, formatTime } from "../../../shared/format.ts";
import { type CatalogueEntry, catalogueEntry } from "../../../shared/reports/catalogue.ts";
import type { ColumnLink, ReportEnvelope, TableRow } from "../../../shared/reports/envelope.ts";
import { COMPARISON_LABELS } from "../../../shared/reports/filters.ts";
import { filtersText } from "../../../shared/reports/filters-text.ts";
import type { KpiGroup, ReportDeclaration } from "./declaration.ts";
import { DimensionBar } from "./dimension-bar.tsx";
import { ExcelButton } from "./excel-button.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { KpiTiles } from "./kpi-tiles.tsx";
import { reportQuery, reportSearch } from "./report-query.ts";
import { ReportEmpty, ReportError, ReportLoading } from "./report-states.tsx";
import { ReportTable } from "./report-table.tsx";
import { SavedViewsMenu } from "./saved-views-menu.tsx";
import { SiteTrail } from "./site-trail.tsx";
import { SubscribeButton } from "./subscribe-button.tsx";
import { useColumnChoice } from "./use-column-choice.ts";
import {
  localToday,
  type ReportFiltersState,
  type ReportSearch,
  reportHref,
  useReportFilters,
} from "./use-report-filters.ts";

// ECharts is the largest part of a report screen: its own chunk, so figures and tables show while it loads.
const ReportChart = lazy(() => import("./report-chart.tsx"));

/** A whole report screen drawn from its declaration: title, filters, KPI tiles, charts, extra, tables. */
export function ReportView({ title, declaration }: { title: string; declaration: ReportDeclaration }) {
  const filters = useReportFilters();
  const entry = catalogueEntry(declaration.id) as CatalogueEntry;
  const search = reportSearch(declaration, filters.search);
  const columns = useColumnChoice();
  const query = useQuery({
    ...reportQuery(declaration.id, search),
    // Paused while the tab is hidden: react-query's focus manager follows document.visibilityState.
    refetchInterval: declaration.refreshEvery ?? false,
    refetchIntervalInBackground: false,
  });
  usePrintHeader(query.data ? `${title} · ${filtersText(query.data)}` : title);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" maw={820}>
          {declaration.intro}
        </Text>
      </div>
      <div data-print="hide">
        <Stack gap="lg">
          <FilterBar filters={filters} offer={declaration.filters} entry={entry}>
            <SavedViewsMenu report={declaration.id} search={{ ...search, ...columns.search }} />
          </FilterBar>
          <DimensionBar entry={entry} filters={filters} />
          <SiteTrail report={declaration.id} envelope={query.data} filters={filters} />
        </Stack>
      </div>
      {query.data && (
        <Group justify="space-between" gap="xs" mt={-8}>
          <Group gap="xs" data-print="hide">
            <PeriodLine envelope={query.data} />
            {declaration.refreshEvery && (
              <Text size="sm" c="dimmed" data-testid="updated-at">
                <Separator />
                Bijgewerkt om {formatTime(query.dataUpdatedAt)}
              </Text>
            )}
            {query.data.syncedUpTo && (
              <Text size="sm" c="orange.9" data-testid="synced-up-to">
                <Separator />
                Bijgewerkt tot {formatTime(Date.parse(query.data.syncedUpTo))}: nieuwe gegevens worden nog
                verwerkt
              </Text>
            )}
            {query.isFetching && <Loader size="xs" role="status" aria-label="Bijwerken" />}
          </Group>
          <Text size="sm" data-print="only" data-testid="print-filters">
            {filtersText(query.data)}
          </Text>
          <Group gap="xs" data-print="hide">
            <SubscribeButton report={declaration.id} title={title} search={search} />
            <ExcelButton id={declaration.id} search={search} fileName={fileNameOf(declaration, query.data)} />
          </Group>
        </Group>
      )}
      {query.isPending ? (
        <ReportLoading />
      ) : query.isError ? (
        <ReportError error={query.error} retry={() => query.refetch()} reset={filters.reset} />
      ) : (declaration.isEmpty ?? noFigures)(query.data) ? (
        <ReportEmpty />
      ) : (
        <ReportBody declaration={declaration} envelope={query.data} filters={filters} search={search} />
      )}
    </Stack>
  );
}

/**
 * The running header of every printed page (print.css reads it in `@page`): page margin boxes cannot
 * show the document's own elements, only text, so the report's title and filters go in a CSS variable.
 */
function usePrintHeader(text: string) {
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty("--print-header", JSON.stringify(text));
    return () => {
      root.removeProperty("--print-header");
    };
  }, [text]);
}

/** `trx-sales-2026-10-19-2026-10-25`: what the report's downloads are called. */
const fileNameOf = (declaration: ReportDeclaration, envelope: ReportEnvelope) =>
  `${declaration.id.replaceAll("/", "-")}-${envelope.period.from}-${envelope.period.to}`;

/** Default emptiness: every KPI is 0 or has no figure. */
const noFigures = (envelope: ReportEnvelope) => envelope.kpis.every((kpi) => !kpi.value);

function ReportBody({
  declaration,
  envelope,
  filters,
  search,
}: {
  declaration: ReportDeclaration;
  envelope: ReportEnvelope;
  filters: ReportFiltersState;
  search: ReportSearch;
}) {
  const client = useQueryClient();
  const columns = useColumnChoice();
  // A link keeps the period, comparison and granularity, and takes the row's values as filters; a row without
  // a value for one (a closed site's code) leads nowhere.
  const linkHref = (link: ColumnLink, row: TableRow) => {
    const kept: ReportSearch = {
      period: search.period,
      from: search.from,
      to: search.to,
      compare: search.compare,
      granularity: search.granularity,
    };
    for (const [filter, column] of Object.entries(link.filters)) {
      const value = row[column as string];
      if (value === null || value === undefined || value === "") return null;
      kept[filter as keyof ReportSearch] = String(value);
    }
    return reportHref(link.report ?? declaration.id, kept);
  };
  // The whole table for the CSV, when the screen shows only its top rows.
  const fullTable = async (key: string) => {
    const all = await client.fetchQuery(reportQuery(declaration.id, { ...search, rows: "all" }));
    return all.tables.find((table) => table.key === key) ?? null;
  };
  const comparisonWord = envelope.comparison
    ? COMPARISON_LABELS[envelope.comparison.mode].toLowerCase()
    : null;
  const groups: KpiGroup[] = !declaration.kpis
    ? [{ title: "", keys: envelope.kpis.map((k) => k.key) }]
    : typeof declaration.kpis[0] === "string"
      ? [{ title: "", keys: declaration.kpis as string[] }]
      : (declaration.kpis as KpiGroup[]);
  const Extra = declaration.extra;
  // The KPI tiles first: the charts and tables, most of the rendering, follow in a render of their own that
  // React interrupts for a click. Until it is done they show the previous figures, or placeholders.
  const body = useDeferredValue<ReportEnvelope | null>(envelope, null);
  const tableKeys = declaration.tables ?? body?.tables.map((t) => t.key) ?? [];

  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <KpiTiles
          key={group.title || "kpis"}
          title={group.title || undefined}
          kpis={group.keys.flatMap((key) => envelope.kpis.filter((k) => k.key === key))}
          comparisonWord={
            group.compared === false ? null : comparisonWord && (group.comparisonLabel ?? comparisonWord)
          }
        />
      ))}
      <Stack gap="lg" aria-busy={body !== envelope} data-testid="report-body">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {declaration.charts.map((chart) => (
            <div key={chart.title} style={chart.half ? undefined : { gridColumn: "1 / -1" }}>
              {body ? (
                <Suspense fallback={<ChartPlaceholder />}>
                  <ReportChart declaration={chart} envelope={body} />
                </Suspense>
              ) : (
                <ChartPlaceholder />
              )}
            </div>
          ))}
        </SimpleGrid>
        {body && Extra && <Extra envelope={body} />}
        {body &&
          tableKeys.flatMap((key) =>
            body.tables
              .filter((table) => table.key === key)
              .map((table) => (
                <ReportTable
                  key={table.key}
                  table={table}
                  fileName={fileNameOf(declaration, body)}
                  linkHref={linkHref}
                  fullTable={() => fullTable(table.key)}
                  search={filters.search.search ?? ""}
                  onSearch={(text) => filters.update({ search: text || undefined })}
                  keyColumns={declaration.keyColumns?.[table.key as never]}
                  chosen={columns.chosen(table.key)}
                  onChoose={(keys) => columns.choose(table.key, keys)}
                />
              )),
          )}
      </Stack>
    </Stack>
  );
}

const ChartPlaceholder = () => <Skeleton height={340} radius="md" aria-busy="true" />;

/** Which dates the figures cover, and against which: the envelope's own resolution of the filters. */
function PeriodLine({ envelope }: { envelope: ReportEnvelope }) {
  const { period, comparison, sites } = envelope;
  const runsToNow = period.to >= localToday();
  const range = (from: string, to: string) =>
    from === to ? formatDate(from) : `${formatDate(from)} t/m ${formatDate(to)}`;
  return (
    <Text size="sm" data-testid="period-line">
      <b>{range(period.from, period.to)}</b>
      {runsToNow && " (tot nu)"}
      {comparison &&
        ` · vergeleken met ${range(comparison.from, comparison.to)}${runsToNow ? " (tot hetzelfde tijdstip)" : ""}`}
      {` · ${sites.length ? formatList(sites.map((site) => site.name)) : "alle vestigingen"}`}
    </Text>
  );
}

/**
 * The dot between the period line and a note beside it, shown only where they stand on one line: on a phone
 * the note wraps to a line of its own, which a leading dot made look like a fragment.
 */
function Separator() {
  return (
    <Box component="span" visibleFrom="sm">
      ·{" "}
    </Box>
  );
}
