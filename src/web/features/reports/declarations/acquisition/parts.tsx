import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { ReportEnvelope } from "../../../../../shared/reports/envelope.ts";

// The bespoke part of the acquisition overview, loaded with its screen (ECharts' sankey stays out of the
// reports chunk).

const Journey = lazy(() => import("./journey-part.tsx"));

export function JourneyExtra({ envelope }: { envelope: ReportEnvelope }) {
  return (
    <Suspense fallback={<Skeleton height={420} radius="md" />}>
      <Journey envelope={envelope} />
    </Suspense>
  );
}
