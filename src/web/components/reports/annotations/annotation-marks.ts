import type { Annotation, AnnotationKind } from "../../../../shared/annotations/annotations.ts";
import { mondayOf, startOfMonth } from "../../../../shared/reports/dates.ts";
import type { Granularity } from "../../../../shared/reports/filters.ts";

// Where annotations go on a time axis: the bucket their date falls in (a data gap: the hour it began), so
// one marker per bucket carries every annotation of that hour, day, ISO week or month.

/** Colour per kind: quiet, distinct from the series colours, readable as a thin line. */
export const ANNOTATION_COLORS: Record<AnnotationKind, string> = {
  holiday: "#7048e8",
  "promotion-start": "#2b8a3e",
  "promotion-end": "#2b8a3e",
  "data-gap": "#e03131",
  weather: "#15aabf",
  note: "#1c7ed6",
};

/** The bucket key (as in the envelope's series) an annotation belongs to. */
export function bucketOf(annotation: Annotation, granularity: Granularity): string {
  const { date } = annotation;
  switch (granularity) {
    case "hour":
      return annotation.from ?? `${date}T00:00`;
    case "day":
      return date;
    case "week":
      return mondayOf(date);
    case "month":
      return startOfMonth(date);
  }
}

/** The annotations per bucket of the axis `xs`; those outside it (another granularity's edge) are left out. */
export function marksByBucket(
  annotations: Annotation[],
  xs: string[],
  granularity: Granularity,
): Map<string, Annotation[]> {
  const onAxis = new Set(xs);
  const marks = new Map<string, Annotation[]>();
  for (const annotation of annotations) {
    const bucket = bucketOf(annotation, granularity);
    if (!onAxis.has(bucket)) continue;
    marks.set(bucket, [...(marks.get(bucket) ?? []), annotation]);
  }
  return marks;
}
