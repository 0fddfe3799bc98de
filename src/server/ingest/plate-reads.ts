import { BIGINT, DOUBLE, INTEGER, SMALLINT, TINYINT, VARCHAR } from "@duckdb/node-api";
import type { IngestResult, PlateReadRow } from "../../shared/ingest.ts";
import { parsePlate } from "../../shared/plates.ts";
import type { Database } from "../db/database.ts";
import { loadCodes, resolveSites } from "./dimensions.ts";
import { insertNew } from "./insert-new.ts";
import { epochMicros, unnestRelation } from "./unnest.ts";
import type { Numbered } from "./validate.ts";

/**
 * Stores a validated batch of camera readings in one transaction, skipping readings whose (site, event id)
 * is stored already. Plates are normalised and OCR-corrected with the shared rules; the camera's own reading
 * is kept beside a corrected plate.
 */
export async function storePlateReads(
  db: Database,
  rows: Numbered<PlateReadRow>[],
  keySiteId: number | null,
): Promise<IngestResult> {
  const siteIds = resolveSites(rows, (await loadCodes(db)).sites, keySiteId);
  const columns = {
    site_id: [] as number[],
    event_id: [] as string[],
    read_at: [] as bigint[],
    lane: [] as number[],
    camera: [] as string[],
    plate: [] as (string | null)[],
    sidecode: [] as (number | null)[],
    raw_plate: [] as (string | null)[],
    confidence: [] as (number | null)[],
    direction: [] as string[],
  };
  const seen = new Set<string>();
  rows.forEach(({ value }, i) => {
    const key = `${siteIds[i]} ${value.eventId}`;
    if (seen.has(key)) return;
    seen.add(key);
    const parsed = parsePlate(value.plate);
    columns.site_id.push(siteIds[i]);
    columns.event_id.push(value.eventId);
    columns.read_at.push(epochMicros(value.readAt));
    columns.lane.push(value.lane);
    columns.camera.push(value.camera);
    columns.plate.push(parsed?.plate ?? null);
    columns.sidecode.push(parsed?.sidecode ?? null);
    columns.raw_plate.push(parsed?.corrected ? (value.plate ?? null) : null);
    columns.confidence.push(value.confidence);
    columns.direction.push(value.direction);
  });
  const relation = unnestRelation([
    { name: "site_id", type: INTEGER, values: columns.site_id },
    { name: "event_id", type: VARCHAR, values: columns.event_id },
    { name: "read_at", type: BIGINT, values: columns.read_at, convert: "make_timestamptz(?)" },
    { name: "lane", type: SMALLINT, values: columns.lane },
    { name: "camera", type: VARCHAR, values: columns.camera },
    { name: "plate", type: VARCHAR, values: columns.plate },
    { name: "sidecode", type: TINYINT, values: columns.sidecode },
    { name: "raw_plate", type: VARCHAR, values: columns.raw_plate },
    { name: "confidence", type: DOUBLE, values: columns.confidence },
    { name: "direction", type: VARCHAR, values: columns.direction },
  ]);
  const accepted = await insertNew(db, {
    table: "plate_reads",
    key: "site_id, event_id",
    timeColumn: "read_at",
    times: columns.read_at,
    relation,
  });
  return { accepted, duplicates: rows.length - accepted };
}
