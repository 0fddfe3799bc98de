import { listValue } from "@duckdb/node-api";
import type { z } from "zod";
import type { Annotation, noteCreateSchema } from "../../shared/annotations/annotations.ts";
import type { Audit } from "../audit/change.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { findSites, unknownSites } from "../warehouse/sites.ts";
import type { AnnotationScope } from "./scope.ts";

// Notes a beheerder adds to the charts. Written through adminChange, so every note added or deleted has
// its audit entry (entity "annotation") in the same transaction.

interface NoteRow {
  id: number;
  date: string;
  site_code: string | null;
  site_name: string | null;
  text: string;
  created_by: string;
}

const SELECT_NOTES = `SELECT a.id, a.on_date::VARCHAR AS date, s.code AS site_code, s.name AS site_name, a.text,
  a.created_by FROM annotations a LEFT JOIN sites s ON s.id = a.site_id`;

const asAnnotation = (row: NoteRow): Annotation => ({
  kind: "note",
  date: row.date,
  from: null,
  to: null,
  site: row.site_code === null ? null : { code: row.site_code, name: row.site_name as string },
  text: row.text,
  id: row.id,
  createdBy: row.created_by,
});

/** The notes in the period: chain-wide ones, and those of the chosen sites (of every site when none is). */
export async function notesIn(db: Queryable, scope: AnnotationScope): Promise<Annotation[]> {
  const someSites = scope.sites.length > 0;
  const rows = await db.query<NoteRow>(
    `${SELECT_NOTES} WHERE a.on_date BETWEEN $1::DATE AND $2::DATE
       ${someSites ? "AND (a.site_id IS NULL OR a.site_id IN (SELECT unnest($3::INTEGER[])))" : ""}
     ORDER BY a.on_date, a.id`,
    [scope.from, scope.to, ...(someSites ? [listValue(scope.sites.map((site) => site.id))] : [])],
  );
  return rows.map(asAnnotation);
}

export async function createNote(
  tx: Queryable,
  audit: Audit,
  actorEmail: string,
  input: z.output<typeof noteCreateSchema>,
): Promise<Annotation> {
  let siteId: number | null = null;
  if (input.site !== null) {
    const sites = await findSites(tx, [input.site]);
    const message = unknownSites([input.site], sites);
    if (message) {
      throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path: "site", message }]);
    }
    siteId = sites[0].id;
  }
  const [{ id }] = await tx.query<{ id: number }>(
    "INSERT INTO annotations (on_date, site_id, text, created_by) VALUES ($1, $2, $3, $4) RETURNING id",
    [input.date, siteId, input.text, actorEmail],
  );
  const note = await findNote(tx, id);
  await audit({ action: "created", entity: "annotation", entityId: id, before: null, after: note });
  return note;
}

export async function deleteNote(tx: Queryable, audit: Audit, id: number): Promise<void> {
  const note = await findNote(tx, id);
  await tx.run("DELETE FROM annotations WHERE id = $1", [id]);
  await audit({ action: "deleted", entity: "annotation", entityId: id, before: note, after: null });
}

async function findNote(tx: Queryable, id: number): Promise<Annotation> {
  const [row] = await tx.query<NoteRow>(`${SELECT_NOTES} WHERE a.id = $1`, [id]);
  if (!row) throw new ApiError(404, "not_found", "Deze notitie bestaat niet (meer).");
  return asAnnotation(row);
}
