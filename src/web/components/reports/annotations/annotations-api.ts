import { queryOptions } from "@tanstack/react-query";
import type {
  Annotation,
  AnnotationsAnswer,
  NoteCreate,
} from "../../../../shared/annotations/annotations.ts";
import { apiFetch } from "../../../lib/http.ts";

/** What a chart asks annotations for: the local dates it shows and its sites (comma-separated; none: all). */
export interface AnnotationRange {
  from: string;
  to: string;
  site: string | null;
}

/** `GET /api/annotations?from&to&site`: automatic markers and notes; the key holds every filter. */
export const annotationsQuery = (range: AnnotationRange) => {
  const query = new URLSearchParams({
    from: range.from,
    to: range.to,
    ...(range.site && { site: range.site }),
  });
  return queryOptions({
    queryKey: ["annotations", range],
    queryFn: ({ signal }) => apiFetch<AnnotationsAnswer>(`/api/annotations?${query}`, { signal }),
    staleTime: 60_000,
    retry: false,
  });
};

export const createNote = (note: NoteCreate) =>
  apiFetch<Annotation>("/api/annotations", { method: "POST", body: note });

export const deleteNote = (id: number) => apiFetch<null>(`/api/annotations/${id}`, { method: "DELETE" });
