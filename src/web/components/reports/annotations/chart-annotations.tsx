import { Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ANNOTATION_LABELS, type Annotation } from "../../../../shared/annotations/annotations.ts";
import type { ReportEnvelope, Series } from "../../../../shared/reports/envelope.ts";
import { localToday } from "../use-report-filters.ts";
import { ANNOTATION_COLORS, marksByBucket } from "./annotation-marks.ts";
import { type AnnotationRange, annotationsQuery } from "./annotations-api.ts";

const NO_MARKS = new Map<string, Annotation[]>();

/**
 * The annotations of a time series chart, fetched for the dates its axis shows (a week chart's first bucket
 * may start before the period) and the report's site. A category chart (hours of the day) has none.
 */
export function useChartAnnotations(envelope: ReportEnvelope, series: Series | undefined) {
  const granularity = series?.axis === "time" ? (series.granularity ?? null) : null;
  const xs = useMemo(() => series?.points.map((p) => p.x) ?? [], [series]);
  const range: AnnotationRange | null =
    granularity && xs.length > 0
      ? {
          from: minDate(envelope.period.from, xs[0].slice(0, 10)),
          to: maxDate(envelope.period.to, xs[xs.length - 1].slice(0, 10)),
          site: envelope.sites.map((site) => site.code).join(",") || null,
        }
      : null;
  const query = useQuery({
    ...annotationsQuery(range ?? { from: "", to: "", site: null }),
    enabled: range !== null,
    // A period running to now can gain a data gap while it is on screen (the dashboard stays open).
    refetchInterval: range && range.to >= localToday() ? 60_000 : false,
    refetchIntervalInBackground: false,
  });
  const data = range ? query.data : undefined;
  const marks = useMemo(
    () => (granularity && data ? marksByBucket(data.annotations, xs, granularity) : NO_MARKS),
    [data, xs, granularity],
  );
  const notes = useMemo(() => data?.annotations.filter((a) => a.kind === "note") ?? [], [data]);
  // Until they are in, the legend below the chart may still appear and move what follows it.
  const loading = range !== null && query.isPending;
  return { range, xs, marks, notes, editable: data?.editable === true, loading };
}

const minDate = (a: string, b: string) => (a < b ? a : b);
const maxDate = (a: string, b: string) => (a > b ? a : b);

/** Under the chart: what the marker colours mean, only for the kinds it shows. */
export function AnnotationLegend({ marks }: { marks: Map<string, Annotation[]> }) {
  const labels = new Map<string, string>();
  for (const list of marks.values()) {
    for (const a of list) {
      const label = a.kind.startsWith("promotion") ? "Actie" : ANNOTATION_LABELS[a.kind];
      labels.set(label, ANNOTATION_COLORS[a.kind]);
    }
  }
  if (labels.size === 0) return null;
  return (
    <Group gap="xs" mt={4} data-testid="annotation-legend">
      <Text size="xs" c="dimmed">
        Markeringen (aanwijzen of tikken toont de tekst):
      </Text>
      {[...labels].map(([label, color]) => (
        <Text key={label} size="xs" c="dimmed">
          <span style={{ color }}>●</span> {label}
        </Text>
      ))}
    </Group>
  );
}
