import { Skeleton } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";

// The bespoke parts of the customer screens, loaded when a screen shows them: ECharts and the chart types
// they register stay out of the reports chunk, as the shared charts do, and figures and tables show first.

type Part = ComponentType<{ envelope: ReportEnvelope }>;

const Cohorts = lazy(() => import("./cohorts-part.tsx"));
const Flow = lazy(() => import("./flow-part.tsx"));
const Geo = lazy(() => import("./geo-part.tsx"));

function Loaded({
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

export const CohortsExtra: Part = ({ envelope }) => (
  <Loaded part={Cohorts} envelope={envelope} height={420} />
);
export const FlowExtra: Part = ({ envelope }) => <Loaded part={Flow} envelope={envelope} height={420} />;
export const GeoExtra: Part = ({ envelope }) => <Loaded part={Geo} envelope={envelope} height={580} />;
