import type { ExperimentResults, ExperimentVariantResult } from "../../shared/experiments/definitions.ts";
import type { Queryable } from "../db/database.ts";
import { experimentNotFound, findExperiment } from "./definitions.ts";

// Exposures and goal events joined per visitor, the raw material of the experiments report.
// Definitions (as GrowthBook counts them):
// - Only what happens while the experiment runs counts: from started_at until stopped_at (or now).
// - A visitor belongs to the variant of their first exposure. Visitors exposed to more than one variant
//   are left out (their result cannot be attributed), and so are exposures to unknown variants.
// - A visitor converted when they have a goal event (web_events.kind = the experiment's goal) at or after
//   their first exposure. conversions and revenue add up all such events.
// - Visitor ids change daily (cookieless tracking), so a visitor who returns on another day to convert
//   counts as a new, unconverted visitor: rates are per visiting day, equally for every variant.

const RESULTS_SQL = `
WITH exp AS (
  SELECT id, key, goal, started_at, coalesce(stopped_at, now()) AS ends_at
  FROM experiments WHERE key = $1 AND started_at IS NOT NULL
),
exposed AS (
  SELECT e.visitor_id, min(e.occurred_at) AS first_at, arg_min(e.variant_key, e.occurred_at) AS variant,
    count(DISTINCT e.variant_key) AS variants
  FROM web_events e JOIN exp ON e.experiment_key = exp.key
  WHERE e.kind = 'experiment' AND e.occurred_at BETWEEN exp.started_at AND exp.ends_at
  GROUP BY e.visitor_id
),
attributed AS (
  SELECT x.* FROM exposed x
  WHERE x.variants = 1 AND x.variant IN (SELECT v.key FROM experiment_variants v JOIN exp ON v.experiment_id = exp.id)
),
goals AS (
  SELECT a.visitor_id, count(*) AS conversions, coalesce(sum(g.revenue_cents), 0) AS revenue_cents
  FROM attributed a JOIN web_events g ON g.visitor_id = a.visitor_id JOIN exp ON g.kind = exp.goal
  WHERE g.occurred_at >= a.first_at AND g.occurred_at <= exp.ends_at
  GROUP BY a.visitor_id
)
SELECT a.variant, count(*) AS visitors, count(g.visitor_id) AS "convertedVisitors",
  coalesce(sum(g.conversions), 0) AS conversions, coalesce(sum(g.revenue_cents), 0) AS "revenueCents"
FROM attributed a LEFT JOIN goals g ON g.visitor_id = a.visitor_id
GROUP BY a.variant
UNION ALL
SELECT '#multiple', count(*) FILTER (WHERE variants > 1), 0, 0, 0 FROM exposed
UNION ALL
SELECT '#unknown', (SELECT count(*) FROM exposed WHERE variants = 1) - (SELECT count(*) FROM attributed), 0, 0, 0`;

interface Counted {
  variant: string;
  visitors: number;
  convertedVisitors: number;
  conversions: number;
  revenueCents: number;
}

export async function experimentResults(db: Queryable, key: string): Promise<ExperimentResults> {
  const experiment = await findExperiment(db, key);
  if (!experiment) throw experimentNotFound(key);
  const counted = await db.query<Counted>(RESULTS_SQL, [key]);
  const byVariant = new Map(counted.map((row) => [row.variant, row]));
  const variants = experiment.variants.map(
    (variant): ExperimentVariantResult => ({
      ...variant,
      visitors: byVariant.get(variant.key)?.visitors ?? 0,
      convertedVisitors: byVariant.get(variant.key)?.convertedVisitors ?? 0,
      conversions: byVariant.get(variant.key)?.conversions ?? 0,
      revenueCents: byVariant.get(variant.key)?.revenueCents ?? 0,
    }),
  );
  return {
    experiment,
    variants,
    excluded: {
      multipleVariants: byVariant.get("#multiple")?.visitors ?? 0,
      unknownVariant: byVariant.get("#unknown")?.visitors ?? 0,
    },
  };
}
