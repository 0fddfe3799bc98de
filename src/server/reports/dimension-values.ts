import { adReportOf } from "../../shared/reports/ad-reports.ts";
import type { DimensionKey } from "../../shared/reports/dimensions.ts";
import type { ReportsIndex } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";

// Whether a dimension filter's value names something that exists: a campaign of the report's platform, a
// promotion, a wash programme, an experiment. A misspelt campaign is a 422 naming the field, not an empty
// report. Channels and payment methods are fixed lists (checked by their schema); a page path needs no visit
// to be a valid question.

const AD_COLUMNS: Partial<Record<DimensionKey, string>> = {
  campaign: "campaign",
  ad_group: "ad_group",
  ad: "ad",
  keyword: "keyword",
  affiliate: "affiliate",
};

/** The programme filter's choices for the filter bar: open programmes first, then by their order. */
export const programmeList = (db: Queryable) =>
  db.query<ReportsIndex["programmes"][number]>(
    "SELECT code, name, active FROM items WHERE kind = 'programma' ORDER BY active DESC, sort_order, name",
  );

export async function dimensionExists(
  db: Queryable,
  key: DimensionKey,
  value: string,
  reportId: string,
): Promise<boolean> {
  const adColumn = AD_COLUMNS[key];
  if (adColumn) {
    const platform = adReportOf(reportId)?.family.platform ?? null;
    const rows = await db.query(
      `SELECT 1 FROM ad_stats_daily WHERE ${adColumn} = $value AND ($platform::VARCHAR IS NULL OR platform = $platform::VARCHAR) LIMIT 1`,
      { value, platform },
    );
    return rows.length > 0;
  }
  if (key === "promotion") {
    return (await db.query("SELECT 1 FROM promotions WHERE code = $1", [value])).length > 0;
  }
  if (key === "programme") {
    return (await db.query("SELECT 1 FROM items WHERE code = $1 AND kind = 'programma'", [value])).length > 0;
  }
  if (key === "experiment") {
    return (await db.query("SELECT 1 FROM experiments WHERE key = $1", [value])).length > 0;
  }
  return true;
}
