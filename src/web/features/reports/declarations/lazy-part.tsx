import { Skeleton } from "@mantine/core";
import { type ComponentType, Suspense } from "react";
import type { ReportEnvelope } from "../../../../shared/reports/envelope.ts";

// A screen's bespoke part (sankey, heatmap, map), loaded when the screen shows it: ECharts and the chart
// types it registers stay out of the reports chunk, and the figures and tables show first.

export type Part = ComponentType<{ envelope: ReportEnvelope }>;

export function Loaded({
  part: Loading,
  envelope,
  height,
}: {
  part: Part;
  envelope: ReportEnvelope;
  height: number;
}) {
  return (
    <Suspense fallback={<Skeleton height={height} radius="md" />}>
      <Loading envelope={envelope} />
    </Suspense>
  );
}
