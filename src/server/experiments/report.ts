import type { Experiment, ExperimentPhase } from "../../shared/experiments/definitions.ts";
import type {
  ExperimentDetail,
  ExperimentSummary,
  ExperimentsReport,
  experimentReportQuerySchema,
  MetricComparison,
  VariantReport,
} from "../../shared/experiments/report.ts";
import { bayesian } from "../../shared/experiments/statistics.ts";
import { daysToDecision } from "../../shared/experiments/verdict.ts";
import { addDays } from "../../shared/reports/dates.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { localDate } from "../warehouse/time-zone.ts";
import { experimentNotFound, listExperiments } from "./definitions.ts";
import { add, type Overall, phaseResult, primaryArm, type Totals, ZERO } from "./phase-result.ts";
import { experimentCounts, type PhaseDayRow } from "./report-query.ts";

// The experiments report: the counts of report-query.ts turned into the statistics of statistics.ts, a
// phase at a time (phase-result.ts), with the course over days and the estimate of when it decides. The SQL
// returns counts and sums; ratios and statistics are computed above it, once.

type Query = ReturnType<typeof experimentReportQuerySchema.parse>;

const DAY_MS = 86_400_000;

function phaseEnd(experiment: Experiment, phase: ExperimentPhase, now: Date): Date {
  return new Date(phase.endedAt ?? experiment.stoppedAt ?? now.toISOString());
}

/** Cumulative uplift, chance and interval per day of the phase, per variant against control. */
function daily(
  experiment: Experiment,
  phase: ExperimentPhase,
  rows: PhaseDayRow[],
  end: Date,
  prior: boolean,
) {
  if (!phase.startedAt) return [];
  const last = localDate(new Date(end.getTime() - 1));
  const byDay = new Map<string, PhaseDayRow[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const running = new Map<string, Totals>();
  const control = experiment.variants.find((v) => v.isControl) ?? experiment.variants[0];
  const points: ExperimentDetail["daily"] = [];
  for (let day = localDate(new Date(phase.startedAt)); day <= last; day = addDays(day, 1)) {
    for (const row of byDay.get(day) ?? [])
      running.set(row.variant, add(running.get(row.variant) ?? ZERO, row));
    const controlArm = primaryArm(experiment.metric, running.get(control.key) ?? ZERO).arm;
    points.push({
      day,
      variants: experiment.variants
        .filter((v) => v.key !== control.key)
        .map((v) => {
          const t = running.get(v.key) ?? ZERO;
          const result = bayesian(controlArm, primaryArm(experiment.metric, t).arm, { prior });
          return {
            key: v.key,
            units: t.units,
            uplift: result.computed ? result.uplift : null,
            chanceToWin: result.computed ? result.chanceToWin : null,
            lower: result.computed ? result.interval[0] : null,
            upper: result.computed ? result.interval[1] : null,
          };
        }),
    });
  }
  return points;
}

function detail(
  experiment: Experiment,
  phase: ExperimentPhase,
  rows: PhaseDayRow[],
  prior: boolean,
  now: Date,
): ExperimentDetail {
  const result = phaseResult(experiment, phase, rows, prior);
  const end = phaseEnd(experiment, phase, now);
  const days = phase.startedAt ? Math.max(0, (end.getTime() - Date.parse(phase.startedAt)) / DAY_MS) : 0;
  const weights = result.variants.map((v) => v.weight);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  // The estimate follows the variant closest to a verdict: the one with the most extreme chance.
  const lead = result.variants
    .filter((v) => v.primary)
    .sort(
      (a, b) =>
        Math.abs((b.primary as MetricComparison).bayesian.chanceToWin - 0.5) -
        Math.abs((a.primary as MetricComparison).bayesian.chanceToWin - 0.5),
    )[0];
  const controlReport = result.variants.find((v) => v.isControl);
  const arms = [controlReport, lead].filter((v): v is VariantReport => !!v);
  const metricConversions = (v: VariantReport) =>
    experiment.metric === "voucher_rate" ? v.claimed : v.converted;
  const largest = arms.sort((a, b) => metricConversions(b) - metricConversions(a))[0];
  return {
    key: experiment.key,
    name: experiment.name,
    hypothesis: experiment.hypothesis,
    status: experiment.status,
    metric: experiment.metric,
    guardrail: experiment.guardrail,
    decision: experiment.decision,
    conclusion: experiment.conclusion,
    phases: experiment.phases,
    phase: phase.phase,
    prior,
    days,
    revenueCap: rows.find((r) => r.cap !== null)?.cap ?? null,
    variants: result.variants,
    excluded: result.excluded,
    srm: result.srm,
    decisionEstimate: daysToDecision({
      units: result.units,
      unitsPerDay: days > 0 ? result.units / Math.max(days, 1) : 0,
      uplift: lead?.primary?.bayesian.uplift ?? 0,
      sd: lead?.primary?.bayesian.sd ?? 0,
      computed: lead?.primary?.bayesian.computed ?? false,
      largestArm: largest
        ? { conversions: metricConversions(largest), units: largest.units, share: largest.weight / weightSum }
        : { conversions: 0, units: 0, share: 1 },
    }),
    verdict: result.verdict,
    daily: daily(experiment, phase, rows, end, prior),
  };
}

/** Every experiment with its current phase's verdict, and the chosen experiment (default: the newest). */
export async function experimentsReport(
  db: Queryable,
  query: Query,
  now = new Date(),
): Promise<ExperimentsReport> {
  const experiments = await listExperiments(db);
  const starts = experiments.flatMap((e) => e.phases.map((p) => p.startedAt)).filter((s): s is string => !!s);
  const since = new Date(starts.length > 0 ? Math.min(...starts.map((s) => Date.parse(s))) : now.getTime());
  const counts = await experimentCounts(db, since, now);
  const rowsOf = (key: string, phase: number) =>
    counts.filter((r) => r.experiment === key && r.phase === phase);
  const summaries = experiments.map((experiment): ExperimentSummary => {
    const phase = experiment.phases[experiment.phases.length - 1];
    const result = phase
      ? phaseResult(experiment, phase, rowsOf(experiment.key, phase.phase), query.prior)
      : null;
    const none: Overall = {
      verdict: "undecided",
      reason: "not-enough-conversions",
      suspicious: false,
      variant: null,
    };
    return {
      key: experiment.key,
      name: experiment.name,
      status: experiment.status,
      metric: experiment.metric,
      startedAt: experiment.startedAt,
      stoppedAt: experiment.stoppedAt,
      decision: experiment.decision,
      variants: experiment.variants.map(({ key, name, isControl }) => ({ key, name, isControl })),
      phases: experiment.phases.filter((p) => p.startedAt).length,
      units: result?.units ?? 0,
      verdict: result?.verdict ?? { bayesian: none, sequential: none, fixed: none },
    };
  });
  const chosen = query.experiment ? experiments.find((e) => e.key === query.experiment) : experiments[0];
  if (query.experiment && !chosen) throw experimentNotFound(query.experiment);
  let selected: ExperimentDetail | null = null;
  if (chosen) {
    const phase = query.phase
      ? chosen.phases.find((p) => p.phase === query.phase)
      : chosen.phases[chosen.phases.length - 1];
    if (!phase) {
      throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [
        { path: "phase", message: `Dit experiment heeft ${chosen.phases.length} fase(n).` },
      ]);
    }
    selected = detail(chosen, phase, rowsOf(chosen.key, phase.phase), query.prior, now);
  }
  return { experiments: summaries, selected };
}
