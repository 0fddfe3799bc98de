import { Paper, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import type { ReportEnvelope, Series, Unit } from "../../../shared/reports/envelope.ts";
import { COMPARISON_LABELS } from "../../../shared/reports/filters.ts";
import { html, joinHtml } from "../../lib/html.ts";
import { bucketLabel } from "./bucket-label.ts";
import type { ChartDeclaration } from "./declaration.ts";
import { EChart } from "./echart.tsx";
import { type ChartOption, COMPARISON_COLOR, SERIES_COLORS } from "./echarts.ts";
import { formatValue } from "./format-value.ts";

/** The envelope's series a chart declaration names, in its order (`prefix:*` takes all with the prefix). */
export function pickSeries(envelope: ReportEnvelope, keys: string[]): Series[] {
  return keys.flatMap((key) =>
    key.endsWith("*")
      ? envelope.series.filter((s) => s.key.startsWith(key.slice(0, -1)))
      : envelope.series.filter((s) => s.key === key),
  );
}

/** A chart of a report: the period's series, and the comparison period's drawn beside them in grey. */
export default function ReportChart({
  declaration,
  envelope,
}: {
  declaration: ChartDeclaration;
  envelope: ReportEnvelope;
}) {
  const withComparison = !!envelope.comparison && declaration.comparison !== false && !declaration.stacked;
  const comparisonWord =
    declaration.comparisonLabel ??
    (envelope.comparison ? COMPARISON_LABELS[envelope.comparison.mode].toLowerCase() : "");
  const series = useMemo(() => pickSeries(envelope, declaration.series), [envelope, declaration]);
  const option = useMemo(
    () => chartOption(declaration, series, withComparison ? comparisonWord : null),
    [declaration, series, withComparison, comparisonWord],
  );
  if (series.length === 0) return null;
  const summary = `${declaration.title}: ${series.map((s) => s.label).join(", ")}${withComparison ? `, met ${comparisonWord} ter vergelijking` : ""}.`;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb={4}>
        {declaration.title}
      </Title>
      {withComparison && (
        <Text size="xs" c="dimmed">
          Grijs: {comparisonWord}
        </Text>
      )}
      <EChart option={option} label={summary} />
    </Paper>
  );
}

function chartOption(
  declaration: ChartDeclaration,
  series: Series[],
  comparison: string | null,
): ChartOption {
  const first = series[0];
  const unit: Unit = first?.unit ?? "count";
  const label = (x: string, full = false) =>
    first?.axis === "time" && first.granularity ? bucketLabel(x, first.granularity, full) : x;
  const xs = first?.points.map((p) => p.x) ?? [];
  const bar = declaration.kind === "bar";

  const drawn = series.flatMap((s, index) => {
    const color = SERIES_COLORS[index % SERIES_COLORS.length];
    const current = {
      name: s.label,
      type: declaration.kind,
      data: s.points.map((p) => p.value),
      itemStyle: { color },
      lineStyle: { color, width: 2 },
      showSymbol: s.points.length <= 40,
      ...(declaration.stacked && { stack: "total", ...(bar ? {} : { areaStyle: {} }) }),
    };
    if (!comparison) return [current];
    const previous = {
      name: `${s.label} (${comparison})`,
      type: declaration.kind,
      data: s.points.map((p) => p.previous ?? null),
      itemStyle: { color: COMPARISON_COLOR, opacity: bar ? 0.55 : 1 },
      lineStyle: { color: COMPARISON_COLOR, type: "dashed" as const, width: 1.5 },
      showSymbol: false,
    };
    return [current, previous];
  });

  return {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, itemWidth: 18, textStyle: { fontSize: 12 } },
    tooltip: {
      trigger: "axis",
      formatter: (params: unknown) => tooltip(params as TooltipParam[], series, comparison, unit, label),
    },
    xAxis: {
      type: "category",
      data: xs,
      axisLabel: {
        formatter: (x: string) => label(x),
        hideOverlap: true,
        interval: hourTicks(first, xs.length),
      },
      axisTick: { alignWithLabel: true },
    },
    // Bars start at zero; a line of averages or shares zooms in on its range, or it reads as flat.
    yAxis: {
      type: "value",
      scale: !bar,
      axisLabel: { formatter: (v: number) => formatValue(v, unit, true) },
    },
    series: drawn as ChartOption["series"],
  };
}

interface TooltipParam {
  dataIndex: number;
  seriesName: string;
  color: string;
  value: number | null;
}

/** The tooltip names both buckets: `ma 19-10-2026` and, for the comparison, its own date. */
function tooltip(
  params: TooltipParam[],
  series: Series[],
  comparison: string | null,
  unit: Unit,
  label: (x: string, full?: boolean) => string,
): string {
  if (params.length === 0) return "";
  const index = params[0].dataIndex;
  const point = series[0]?.points[index];
  if (!point) return "";
  const px = comparison && point.px ? ` · ${comparison}: ${label(point.px, true)}` : "";
  const lines = params.map(
    (p) =>
      html`<span style="display:inline-block;width:8px;height:8px;border-radius:4px;background:${p.color};margin-right:6px"></span>${p.seriesName}: <b>${formatValue(p.value, unit)}</b>`,
  );
  return String(joinHtml([html`<b>${label(point.x, true)}</b>${px}`, ...lines], html`<br/>`));
}

/**
 * Hours over several days: a label at each midnight (the date), or every third hour for a day or two, so
 * the axis does not label random hours; other axes let ECharts choose.
 */
function hourTicks(
  series: Series | undefined,
  count: number,
): "auto" | ((index: number, x: string) => boolean) {
  if (series?.granularity !== "hour") return "auto";
  return count > 48 ? (_, x) => x.slice(11, 13) === "00" : (_, x) => Number(x.slice(11, 13)) % 3 === 0;
}
