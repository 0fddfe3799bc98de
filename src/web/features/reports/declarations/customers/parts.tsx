import { lazy } from "react";
import { Loaded, type Part } from "../lazy-part.tsx";

// The bespoke parts of the customer screens, loaded when a screen shows them: ECharts and the chart types
// they register stay out of the reports chunk, as the shared charts do, and figures and tables show first.

const Cohorts = lazy(() => import("./cohorts-part.tsx"));
const Flow = lazy(() => import("./flow-part.tsx"));
const Geo = lazy(() => import("./geo-part.tsx"));

export const CohortsExtra: Part = ({ envelope }) => (
  <Loaded part={Cohorts} envelope={envelope} height={420} />
);
export const FlowExtra: Part = ({ envelope }) => <Loaded part={Flow} envelope={envelope} height={420} />;
export const GeoExtra: Part = ({ envelope }) => <Loaded part={Geo} envelope={envelope} height={580} />;
