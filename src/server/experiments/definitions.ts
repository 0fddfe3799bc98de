import type { z } from "zod";
import type {
  Experiment,
  experimentCreateSchema,
  experimentStopSchema,
  experimentWeightsSchema,
} from "../../shared/experiments/definitions.ts";
import type { Audit } from "../audit/change.ts";
import { duplicate, staleVersion } from "../audit/change-errors.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";

// Experiment definitions and their life: draft → running (phase 1 starts) → new weights (the next phase)
// → stopped with a decision. Every change checks the version the person saw and is written to the audit
// log; the routes run them through adminChange, one at a time, so two at once give 409, never a crash.

const SELECT = `SELECT e.id, e.key, e.name, e.hypothesis, e.metric, e.guardrail, e.status,
    e.started_at AS "startedAt", e.stopped_at AS "stoppedAt", e.decision, e.conclusion, e.version,
    e.created_at AS "createdAt",
    coalesce((SELECT list({ 'key': v.key, 'name': v.name, 'isControl': v.is_control } ORDER BY v.is_control DESC, v.key)
      FROM experiment_variants v WHERE v.experiment_id = e.id), []) AS variants,
    coalesce((SELECT list({ 'phase': p.phase, 'startedAt': p.started_at, 'endedAt': p.ended_at,
        'weights': p.weights::VARCHAR } ORDER BY p.phase)
      FROM experiment_phases p WHERE p.experiment_id = e.id), []) AS phases
  FROM experiments e`;

type Stored = Omit<Experiment, "variants" | "phases"> & {
  variants: Omit<Experiment["variants"][number], "weight">[];
  phases: (Omit<Experiment["phases"][number], "weights"> & { weights: string })[];
};

/** Weights come from the current (last) phase. */
function fromStored(row: Stored): Experiment {
  const phases = row.phases.map((phase) => ({ ...phase, weights: JSON.parse(phase.weights) }));
  const current = phases[phases.length - 1]?.weights ?? {};
  return {
    ...row,
    variants: row.variants.map((variant) => ({ ...variant, weight: current[variant.key] ?? 1 })),
    phases,
  };
}

export async function listExperiments(db: Queryable): Promise<Experiment[]> {
  const rows = await db.query<Stored>(`${SELECT} ORDER BY e.created_at DESC, e.id DESC`);
  return rows.map(fromStored);
}

export async function findExperiment(db: Queryable, key: string): Promise<Experiment | null> {
  const [row] = await db.query<Stored>(`${SELECT} WHERE e.key = $1`, [key]);
  return row ? fromStored(row) : null;
}

export const experimentNotFound = (key: string) =>
  new ApiError(404, "not_found", `Er is geen experiment met de sleutel "${key}".`);

/** The experiment as the person saw it: 404 when gone, 409 when someone changed it since. */
async function current(tx: Queryable, key: string, version: number): Promise<Experiment> {
  const experiment = await findExperiment(tx, key);
  if (!experiment) throw experimentNotFound(key);
  if (experiment.version !== version) throw staleVersion("experiment");
  return experiment;
}

async function bump(
  tx: Queryable,
  experiment: Experiment,
  sets: string,
  params: unknown[] = [],
): Promise<void> {
  const [{ Count: changed }] = await tx.query<{ Count: number }>(
    `UPDATE experiments SET ${sets}, version = version + 1 WHERE id = $1 AND version = $2`,
    [experiment.id, experiment.version, ...(params as never[])],
  );
  if (changed === 0) throw staleVersion("experiment");
}

const invalidStatus = (message: string) => new ApiError(409, "invalid_status", message);

export async function createExperiment(
  tx: Queryable,
  audit: Audit,
  input: z.output<typeof experimentCreateSchema>,
): Promise<Experiment> {
  if (await findExperiment(tx, input.key)) {
    throw duplicate("key", "Deze sleutel is al in gebruik.");
  }
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO experiments (key, name, hypothesis, metric, guardrail, status, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 = 'running' THEN now() END) RETURNING id`,
    [
      input.key,
      input.name,
      input.hypothesis,
      input.metric,
      input.guardrail,
      input.start ? "running" : "draft",
    ],
  );
  for (const variant of input.variants) {
    await tx.run(
      "INSERT INTO experiment_variants (experiment_id, key, name, is_control) VALUES ($1, $2, $3, $4)",
      [id, variant.key, variant.name, variant.isControl],
    );
  }
  const weights = Object.fromEntries(input.variants.map((variant) => [variant.key, variant.weight]));
  await tx.run(
    `INSERT INTO experiment_phases (experiment_id, phase, started_at, weights)
     VALUES ($1, 1, CASE WHEN $2 THEN now() END, $3::JSON)`,
    [id, input.start, JSON.stringify(weights)],
  );
  const created = (await findExperiment(tx, input.key)) as Experiment;
  await audit({
    action: "created",
    entity: "experiment",
    entityId: created.key,
    before: null,
    after: created,
  });
  return created;
}

export async function startExperiment(tx: Queryable, audit: Audit, key: string, version: number) {
  const before = await current(tx, key, version);
  if (before.status !== "draft") throw invalidStatus("Alleen een concept kan worden gestart.");
  await bump(tx, before, "status = 'running', started_at = now()");
  await tx.run("UPDATE experiment_phases SET started_at = now() WHERE experiment_id = $1 AND phase = 1", [
    before.id,
  ]);
  return changed(tx, audit, "started", before);
}

/** New weights end the current phase now and start the next one at the same instant. */
export async function changeWeights(
  tx: Queryable,
  audit: Audit,
  key: string,
  input: z.output<typeof experimentWeightsSchema>,
) {
  const before = await current(tx, key, input.version);
  if (before.status !== "running")
    throw invalidStatus("Alleen bij een lopend experiment kun je de verdeling wijzigen.");
  const keys = before.variants.map((variant) => variant.key);
  const fields = [
    ...keys
      .filter((k) => !(k in input.weights))
      .map((k) => ({ path: `weights.${k}`, message: "Vul een gewicht in." })),
    ...Object.keys(input.weights)
      .filter((k) => !keys.includes(k))
      .map((k) => ({ path: `weights.${k}`, message: `Het experiment heeft geen variant "${k}".` })),
  ];
  if (fields.length > 0) throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", fields);
  const last = before.phases[before.phases.length - 1];
  if (keys.every((k) => input.weights[k] === last.weights[k])) {
    throw new ApiError(422, "validation_failed", "De verdeling is niet veranderd.", [
      { path: "weights", message: "Dit is de verdeling die al geldt." },
    ]);
  }
  await bump(tx, before, "status = status");
  // now() is the transaction's start: the old phase ends at exactly the instant the new one starts.
  await tx.run("UPDATE experiment_phases SET ended_at = now() WHERE experiment_id = $1 AND phase = $2", [
    before.id,
    last.phase,
  ]);
  await tx.run(
    "INSERT INTO experiment_phases (experiment_id, phase, started_at, weights) VALUES ($1, $2, now(), $3::JSON)",
    [before.id, last.phase + 1, JSON.stringify(Object.fromEntries(keys.map((k) => [k, input.weights[k]])))],
  );
  return changed(tx, audit, "weights-changed", before);
}

export async function stopExperiment(
  tx: Queryable,
  audit: Audit,
  key: string,
  input: z.output<typeof experimentStopSchema>,
) {
  const before = await current(tx, key, input.version);
  if (before.status !== "running") {
    throw invalidStatus(
      before.status === "draft" ? "Dit experiment is nog niet gestart." : "Dit experiment is al gestopt.",
    );
  }
  if (input.decision !== null && !before.variants.some((variant) => variant.key === input.decision)) {
    throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [
      { path: "decision", message: `Het experiment heeft geen variant "${input.decision}".` },
    ]);
  }
  await bump(tx, before, "status = 'stopped', stopped_at = now(), decision = $3, conclusion = $4", [
    input.decision,
    input.conclusion,
  ]);
  await tx.run(
    "UPDATE experiment_phases SET ended_at = now() WHERE experiment_id = $1 AND ended_at IS NULL",
    [before.id],
  );
  return changed(tx, audit, "stopped", before);
}

async function changed(tx: Queryable, audit: Audit, action: string, before: Experiment): Promise<Experiment> {
  const after = (await findExperiment(tx, before.key)) as Experiment;
  await audit({ action, entity: "experiment", entityId: before.key, before, after });
  return after;
}
