import { Skeleton } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import type { ReportEnvelope } from "../../../../shared/reports/envelope.ts";
import type { ReportPart } from "../../../components/reports/declaration.ts";

// A screen's bespoke part (sankey, heatmap, map), in a chunk of its own: ECharts and the chart types it
// registers stay out of the reports chunk, and the figures and tables show first.

type Module = { default: ComponentType<{ envelope: ReportEnvelope }> };

/**
 * The part of `load`, with a placeholder of `height` px until its chunk is in. Its `preload` asks for the
 * chunk before the screen renders (the route loader does, beside the report's figures).
 */
export function lazyPart(load: () => Promise<Module>, height: number): ReportPart {
  const Loading = lazy(load);
  const part: ReportPart = ({ envelope }) => (
    <Suspense fallback={<Skeleton height={height} radius="md" />}>
      <Loading envelope={envelope} />
    </Suspense>
  );
  part.preload = () => void load();
  return part;
}
