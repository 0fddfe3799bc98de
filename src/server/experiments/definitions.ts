import type { Experiment, ExperimentVariant, experimentCreateSchema } from "../../shared/experiments/definitions.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";

type ExperimentInput = ReturnType<typeof experimentCreateSchema.parse>;

const SELECT = `SELECT e.id, e.key, e.name, e.hypothesis, e.goal, e.status, e.started_at AS "startedAt",
    e.stopped_at AS "stoppedAt", e.created_at AS "createdAt",
    coalesce(list({ 'key': v.key, 'name': v.name, 'weight': v.weight, 'isControl': v.is_control }
      ORDER BY v.is_control DESC, v.key) FILTER (WHERE v.key IS NOT NULL), []) AS variants
  FROM experiments e LEFT JOIN experiment_variants v ON v.experiment_id = e.id`;
const GROUP = "GROUP BY ALL";

export const listExperiments = (db: Queryable) =>
  db.query<Experiment>(`${SELECT} ${GROUP} ORDER BY e.created_at DESC, e.id DESC`);

export async function findExperiment(db: Queryable, key: string): Promise<Experiment | null> {
  const [experiment] = await db.query<Experiment>(`${SELECT} WHERE e.key = $1 ${GROUP}`, [key]);
  return experiment ?? null;
}

export const experimentNotFound = (key: string) =>
  new ApiError(404, "not_found", `Er is geen experiment met de sleutel "${key}".`);

export async function createExperiment(tx: Queryable, input: ExperimentInput): Promise<Experiment> {
  if (await findExperiment(tx, input.key)) {
    throw new ApiError(409, "duplicate_key", `Er is al een experiment met de sleutel "${input.key}".`, [
      { path: "key", message: "Deze sleutel is al in gebruik." },
    ]);
  }
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO experiments (key, name, hypothesis, goal, status, started_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 = 'running' THEN now() END) RETURNING id`,
    [input.key, input.name, input.hypothesis, input.goal, input.start ? "running" : "draft"],
  );
  for (const variant of input.variants as ExperimentVariant[]) {
    await tx.run(
      "INSERT INTO experiment_variants (experiment_id, key, name, weight, is_control) VALUES ($1, $2, $3, $4, $5)",
      [id, variant.key, variant.name, variant.weight, variant.isControl],
    );
  }
  return (await findExperiment(tx, input.key)) as Experiment;
}

/** Moves an experiment draft → running → stopped; any other step is a conflict. */
export async function changeStatus(
  tx: Queryable,
  key: string,
  to: "running" | "stopped",
): Promise<{ before: Experiment; after: Experiment }> {
  const before = await findExperiment(tx, key);
  if (!before) throw experimentNotFound(key);
  const from = to === "running" ? "draft" : "running";
  if (before.status !== from) {
    const message =
      to === "running"
        ? "Alleen een concept kan worden gestart."
        : before.status === "draft"
          ? "Dit experiment is nog niet gestart."
          : "Dit experiment is al gestopt.";
    throw new ApiError(409, "invalid_status", message);
  }
  const stamp = to === "running" ? "started_at" : "stopped_at";
  await tx.run(`UPDATE experiments SET status = $2, ${stamp} = now(), version = version + 1 WHERE key = $1`, [
    key,
    to,
  ]);
  return { before, after: (await findExperiment(tx, key)) as Experiment };
}
