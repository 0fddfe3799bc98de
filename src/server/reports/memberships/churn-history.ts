import { addMonths, startOfMonth } from "../../../shared/reports/dates.ts";
import type { Queryable } from "../../db/database.ts";
import { localDate, startOfDay } from "../../warehouse/time-zone.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { areaUnderCurve, type ChurnModel, churnChance, deciles, fitChurnModel } from "./churn-score.ts";
import { type FeatureRow, featuresSql } from "./members-sql.ts";

// The churn-risk score of Abonnementen › Leden (REPORT-DEFINITIONS §5): a model fitted on the club's own
// history (churn-score.ts) at the first instant of each of the last six months whose month after is over;
// its backtest fits on all but the last of those months and scores that one, as it would have been scored
// then. Both are kept per site filter, months and version of the membership tables (historyVersionSql): the
// history's features group every member wash of those months, and the screen asks many times a month for
// the same answer.

const HISTORY_MONTHS = 6;
/** About this many members are fitted on: a larger club is sampled (the same members every month). */
const FIT_MEMBERS = 800;
/** Site filters × months × versions kept. */
const CACHED = 64;

export interface Backtest {
  month: string;
  groups: { members: number; ended: number }[];
  topRate: number | null;
  baseRate: number | null;
  auc: number | null;
}

export interface ChurnHistory {
  model: ChurnModel | null;
  test: Backtest | null;
}

const cache = new Map<string, ChurnHistory>();

/** The first instants of the last months whose month after is over at `end`, oldest first. */
export function historyInstants(end: Date) {
  const month = startOfMonth(localDate(new Date(end.getTime() - 1)));
  return Array.from({ length: HISTORY_MONTHS }, (_, i) => addMonths(month, i - HISTORY_MONTHS))
    .map((first) => ({ month: first, t: startOfDay(first), until: startOfDay(addMonths(first, 1)) }))
    .filter((instant) => instant.until <= end);
}

/**
 * A version of what the history is worked out from: the bookkeeping of the membership tables (a sync that
 * changes them also sets its synced_at) and the plans' prices. The events are facts, read as far as those
 * tables took them in (watermark.ts).
 */
const historyVersionSql = `SELECT concat_ws('|',
    (SELECT s::VARCHAR FROM membership_state_sync s), (SELECT w::VARCHAR FROM membership_washes_sync w),
    (SELECT list(hash(id, price_cents, vat_rate_percent) ORDER BY id)::VARCHAR FROM items)) AS version`;

function backtest(rows: (FeatureRow & { month: string })[], month: string): Backtest {
  const train = rows.filter((row) => row.month !== month);
  const test = rows.filter((row) => row.month === month);
  const model = fitChurnModel(train.map((row) => ({ features: row.f, ended: row.ended })));
  const scored = model ? test.map((row) => ({ score: churnChance(model, row.f), ended: row.ended })) : [];
  const groups = deciles(scored).map((group) => ({
    members: group.length,
    ended: group.filter((row) => row.ended === 1).length,
  }));
  return {
    month,
    groups,
    topRate: ratio(groups[0]?.ended, groups[0]?.members),
    baseRate: ratio(scored.filter((row) => row.ended === 1).length, scored.length),
    auc: areaUnderCurve(scored),
  };
}

async function workOut(db: Queryable, filters: ReportFilters, instants: ReturnType<typeof historyInstants>) {
  if (instants.length === 0) return { model: null, test: null };
  // the club's size, roughly (memberships not ended), decides the sample
  const [{ members }] = await db.query<{ members: number }>(
    "SELECT count(*) AS members FROM membership_members WHERE ended_at IS NULL",
  );
  const built = featuresSql(filters, instants, Math.max(1, Math.ceil(members / FIT_MEMBERS)));
  const past = await db.query<FeatureRow>(built.text, built.params as never);
  const monthAt = new Map(instants.map((instant) => [instant.t.getTime(), instant.month]));
  const history = past.map((row) => ({ ...row, month: monthAt.get(Number(row.t_ms)) ?? "" }));
  return {
    model: fitChurnModel(history.map((row) => ({ features: row.f, ended: row.ended }))),
    test: backtest(history, instants[instants.length - 1].month),
  };
}

/** The score's model and its backtest at the end of the period, from the cache when the inputs are the same. */
export async function churnHistory(db: Queryable, filters: ReportFilters): Promise<ChurnHistory> {
  const instants = historyInstants(filters.current.end);
  const [{ version }] = await db.query<{ version: string }>(historyVersionSql);
  const key = JSON.stringify([
    filters.sites.map((site) => site.id),
    instants.map((instant) => instant.month),
    version,
  ]);
  const kept = cache.get(key);
  if (kept) return kept;
  const fresh = await workOut(db, filters, instants);
  cache.set(key, fresh);
  if (cache.size > CACHED) cache.delete(cache.keys().next().value as string);
  return fresh;
}
