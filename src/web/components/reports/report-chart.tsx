import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { ANNOTATION_LABELS, type Annotation } from "../../../shared/annotations/annotations.ts";
import { formatDate } from "../../../shared/format.ts";
import { metricLabel } from "../../../shared/metrics/registry.ts";
import type { ReportEnvelope, Series, Unit } from "../../../shared/reports/envelope.ts";
import { COMPARISON_LABELS } from "../../../shared/reports/filters.ts";
import { html, joinHtml } from "../../lib/html.ts";
import { ANNOTATION_COLORS } from "./annotations/annotation-marks.ts";
import { AnnotationLegend, useChartAnnotations } from "./annotations/chart-annotations.tsx";
import { NotesModal } from "./annotations/notes-modal.tsx";
import { bucketLabel } from "./bucket-label.ts";
import type { ChartDeclaration } from "./declaration.ts";
import { EChart } from "./echart.tsx";
import { type ChartOption, COMPARISON_COLOR, EXPECTED_COLOR, SERIES_COLORS } from "./echarts.ts";
import { formatValue } from "./format-value.ts";

/** The envelope's series a chart declaration names, in its order (`prefix:*` takes all with the prefix). */
export function pickSeries(envelope: ReportEnvelope, keys: string[]): Series[] {
  return keys.flatMap((key) =>
    key.endsWith("*")
      ? envelope.series.filter((s) => s.key.startsWith(key.slice(0, -1)))
      : envelope.series.filter((s) => s.key === key),
  );
}

type Marks = Map<string, Annotation[]>;

/**
 * A chart of a report: the period's series, the comparison period's drawn beside them in grey, and on a
 * time axis the annotations (holidays, promotions, data gaps, notes) as thin dashed lines whose text the
 * tooltip shows. A beheerder adds a note by clicking a bucket or with "Notitie toevoegen".
 */
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
  const annotations = useChartAnnotations(envelope, series[0]);
  const withExpected = series.some((s) => s.points.some((p) => p.expected !== undefined));
  // The date the note form opens with; null while it is closed.
  const [noteDate, setNoteDate] = useState<string | null>(null);
  const option = useMemo(
    () => chartOption(declaration, series, withComparison ? comparisonWord : null, annotations.marks),
    [declaration, series, withComparison, comparisonWord, annotations.marks],
  );
  if (series.length === 0) return null;
  const marked = [...annotations.marks.values()].flat();
  const summary = `${declaration.title}: ${series.map((s) => s.label).join(", ")}${withComparison ? `, met ${comparisonWord} ter vergelijking` : ""}.${marked.length ? ` Markeringen: ${marked.map((a) => `${formatDate(a.date)} ${a.text}`).join("; ")}.` : ""}`;
  const range = annotations.range;
  return (
    <Paper withBorder p="md" radius="md" aria-busy={annotations.loading}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb={4}>
        <Title order={2} size="h4">
          {declaration.title}
        </Title>
        {annotations.editable && range && (
          <Button size="compact-xs" variant="subtle" onClick={() => setNoteDate(range.to)} data-print="hide">
            Notitie toevoegen
          </Button>
        )}
      </Group>
      {(withComparison || withExpected) && (
        <Text size="xs" c="dimmed">
          {[
            withComparison && `Grijs: ${comparisonWord}`,
            withExpected && `Oranje stippellijn: ${EXPECTED_LABEL.toLowerCase()} volgens de prognose`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Text>
      )}
      <EChart
        option={option}
        label={summary}
        onAxisClick={
          annotations.editable
            ? (index) => {
                const x = annotations.xs[index];
                if (x) setNoteDate(x.slice(0, 10));
              }
            : undefined
        }
      />
      <AnnotationLegend marks={annotations.marks} />
      {noteDate && (
        <NotesModal
          key={noteDate}
          opened
          onClose={() => setNoteDate(null)}
          initialDate={noteDate}
          // a note is about one site: the chosen one, or none when several are chosen
          initialSite={envelope.sites.length === 1 ? envelope.sites[0].code : null}
          notes={annotations.notes}
        />
      )}
    </Paper>
  );
}

const EXPECTED_LABEL = metricLabel("expected_washes");

function chartOption(
  declaration: ChartDeclaration,
  series: Series[],
  comparison: string | null,
  marks: Marks,
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
      ...(index === 0 && marks.size > 0 && { markLine: markLine(marks) }),
    };
    const expected = s.points.some((p) => p.expected !== undefined) && {
      name: EXPECTED_LABEL,
      type: "line" as const,
      data: s.points.map((p) =>
        p.expected === undefined || p.expected === null ? null : Math.round(p.expected),
      ),
      itemStyle: { color: EXPECTED_COLOR },
      lineStyle: { color: EXPECTED_COLOR, type: "dotted" as const, width: 2 },
      showSymbol: false,
    };
    const own = expected ? [current, expected] : [current];
    if (!comparison) return own;
    const previous = {
      name: `${s.label} (${comparison})`,
      type: declaration.kind,
      data: s.points.map((p) => p.previous ?? null),
      itemStyle: { color: COMPARISON_COLOR, opacity: bar ? 0.55 : 1 },
      lineStyle: { color: COMPARISON_COLOR, type: "dashed" as const, width: 1.5 },
      showSymbol: false,
    };
    return [...own, previous];
  });

  return {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    // One line that pages when it does not fit (a phone): a wrapped second line ran off the edge and into the plot.
    legend: { type: "scroll", top: 0, left: 0, right: 0, itemWidth: 18, textStyle: { fontSize: 12 } },
    tooltip: {
      trigger: "axis",
      // Within the chart and wrapping, so an annotation's text stays readable on a phone.
      confine: true,
      extraCssText: "max-width: 300px; white-space: normal;",
      formatter: (params: unknown) =>
        tooltip(params as TooltipParam[], series, comparison, unit, label, marks),
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
  marks: Marks,
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
  const notes = (marks.get(point.x) ?? []).map(
    (a) =>
      html`<span style="color:${ANNOTATION_COLORS[a.kind]}">●</span> <i>${ANNOTATION_LABELS[a.kind]}</i>: ${a.text}`,
  );
  return String(joinHtml([html`<b>${label(point.x, true)}</b>${px}`, ...lines, ...notes], html`<br/>`));
}

// A bucket with several kinds takes the colour of the one that most explains a figure.
const KIND_ORDER: Annotation["kind"][] = [
  "note",
  "promotion-start",
  "promotion-end",
  "holiday",
  "weather",
  "data-gap",
];
const leading = (list: Annotation[]) =>
  KIND_ORDER.find((kind) => list.some((a) => a.kind === kind)) ?? list[0].kind;

/** One thin dashed line per bucket with annotations, in its leading kind's colour; the tooltip tells. */
function markLine(marks: Marks) {
  return {
    silent: true,
    animation: false,
    symbol: ["none", "circle"],
    symbolSize: 7,
    label: { show: false },
    data: [...marks].map(([x, list]) => {
      const color = ANNOTATION_COLORS[leading(list)];
      return { xAxis: x, lineStyle: { color, type: "dashed", width: 1.2 }, itemStyle: { color } };
    }),
  };
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
