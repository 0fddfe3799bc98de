import type { Queryable } from "../../db/database.ts";
import type { ReportFilters } from "../filters.ts";

// The journey sankey of the overview: channel → voucher claimed → redeemed on the plate's first wash (an
// acquisition) or by a plate seen before, or not (yet) redeemed → a second visit after the first wash.
// Claims of the period (current window only), by the attributed channel of the session they were made in.

export interface JourneyFlow {
  nodes: { id: string; label: string; depth: number }[];
  links: { from: string; to: string; value: number }[];
}

interface FlowRow {
  channel: string;
  claims: number;
  first_wash: number;
  existing: number;
  second_visit: number;
}

export function journeyFlowSql(filters: ReportFilters) {
  const text = `WITH claims AS (
  SELECT j.channel, e.voucher_code, e.session_id
  FROM web_events e JOIN journey_sessions j ON j.session_id = e.session_id
  WHERE e.kind = 'voucher' AND e.occurred_at >= $start::TIMESTAMPTZ AND e.occurred_at < $end::TIMESTAMPTZ
)
SELECT c.channel, count(*) AS claims,
  count(*) FILTER (WHERE r.acquired) AS first_wash,
  count(*) FILTER (WHERE r.transaction_id IS NOT NULL AND NOT r.acquired) AS existing,
  count(*) FILTER (WHERE r.acquired AND k.second_visit_at IS NOT NULL) AS second_visit
FROM claims c
  LEFT JOIN journey_redemptions r ON r.voucher_code = c.voucher_code AND r.claim_session_id = c.session_id
  LEFT JOIN journey_customers k ON k.transaction_id = r.transaction_id
GROUP BY c.channel ORDER BY claims DESC, c.channel`;
  return {
    text,
    params: { start: filters.current.start.toISOString(), end: filters.current.end.toISOString() },
  };
}

const STEPS = {
  claimed: "Voucher geclaimd",
  first_wash: "Eerste wasbeurt (nieuwe klant)",
  existing: "Ingewisseld door bestaande klant",
  unredeemed: "Niet ingewisseld",
  second_visit: "Tweede bezoek",
};

export async function journeyFlow(db: Queryable, filters: ReportFilters): Promise<JourneyFlow> {
  const { text, params } = journeyFlowSql(filters);
  const rows = await db.query<FlowRow>(text, params);
  const sum = (key: keyof Omit<FlowRow, "channel">) => rows.reduce((total, row) => total + row[key], 0);
  const claims = sum("claims");
  const firstWash = sum("first_wash");
  const existing = sum("existing");
  const links = [
    ...rows.map((row) => ({ from: `channel:${row.channel}`, to: "claimed", value: row.claims })),
    { from: "claimed", to: "first_wash", value: firstWash },
    { from: "claimed", to: "existing", value: existing },
    { from: "claimed", to: "unredeemed", value: claims - firstWash - existing },
    { from: "first_wash", to: "second_visit", value: sum("second_visit") },
  ].filter((link) => link.value > 0);
  const used = new Set(links.flatMap((link) => [link.from, link.to]));
  const nodes = [
    ...rows.map((row) => ({ id: `channel:${row.channel}`, label: row.channel, depth: 0 })),
    { id: "claimed", label: STEPS.claimed, depth: 1 },
    { id: "first_wash", label: STEPS.first_wash, depth: 2 },
    { id: "existing", label: STEPS.existing, depth: 2 },
    { id: "unredeemed", label: STEPS.unredeemed, depth: 2 },
    { id: "second_visit", label: STEPS.second_visit, depth: 3 },
  ].filter((node) => used.has(node.id));
  return { nodes, links };
}
