import { lazyPart } from "../lazy-part.tsx";

// The bespoke part of the acquisition overview: ECharts' sankey stays out of the reports chunk.
export const JourneyExtra = lazyPart(() => import("./journey-part.tsx"), 420);
