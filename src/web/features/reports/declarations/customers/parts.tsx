import { lazyPart } from "../lazy-part.tsx";

export const CohortsExtra = lazyPart(() => import("./cohorts-part.tsx"), 420);
export const FlowExtra = lazyPart(() => import("./flow-part.tsx"), 420);
export const GeoExtra = lazyPart(() => import("./geo-part.tsx"), 580);
