import type { Database } from "../db/database.ts";

// The demo chain's targets (Instellingen › Doelen) for the months of its last year, as an owner sets them:
// the same month a year before, 5 % up, rounded (washes to 50, revenue to € 500, new members whole). Worked
// out from the stored facts, so the dashboard and Prognose have something to be on course for.

const GROWTH = 1.05;

/** Targets for the twelve months from `firstMonth` (YYYY-MM-01), from the same months a year earlier. */
export async function writeDemoTargets(db: Database, firstMonth: string): Promise<void> {
  await db.run(
    `WITH months AS (
      SELECT unnest(generate_series($first::DATE, $first::DATE + INTERVAL 11 MONTH, INTERVAL 1 MONTH))::DATE AS month
    ), sold AS (
      SELECT l.site_id, date_trunc('month', timezone('Europe/Amsterdam', l.occurred_at))::DATE AS month,
        sum(l.quantity) FILTER (WHERE i.kind = 'programma') AS washes, sum(l.amount_cents - l.vat_cents) AS ex_vat
      FROM transaction_lines l JOIN items i ON i.id = l.item_id
      -- a day wider than the year: the months are local ones, picked by the join below
      WHERE l.occurred_at >= $first::DATE - INTERVAL 367 DAY AND l.occurred_at < $first::DATE + INTERVAL 1 DAY
      GROUP BY ALL
    ), joined AS (
      SELECT site_id, date_trunc('month', timezone('Europe/Amsterdam', occurred_at))::DATE AS month, count(*) AS members
      FROM membership_events
      WHERE type = 'signup' AND site_id IS NOT NULL
        AND occurred_at >= $first::DATE - INTERVAL 367 DAY AND occurred_at < $first::DATE + INTERVAL 1 DAY
      GROUP BY ALL
    )
    INSERT INTO site_targets (site_id, month, washes, revenue_ex_vat_cents, new_members, updated_by)
    SELECT s.site_id, m.month, round(s.washes * ${GROWTH} / 50) * 50, round(s.ex_vat * ${GROWTH} / 50000) * 50000,
      round(coalesce(j.members, 0) * ${GROWTH}), 'demo'
    FROM months m JOIN sold s ON s.month = m.month - INTERVAL 12 MONTH
    LEFT JOIN joined j ON j.site_id = s.site_id AND j.month = s.month
    WHERE s.washes > 0`,
    { first: firstMonth },
  );
}
