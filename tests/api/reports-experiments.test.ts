import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../src/server/db/database.ts";
import {
  type FixtureIds,
  insertPlateRead,
  insertTransaction,
  type ReportsServer,
  startReportsServer,
} from "./fixtures/reports-fixture.ts";

// GET /api/reports/experiments on a hand-made experiment, every figure worked out by hand below.
//
// Experiment "kop-test": control "a", variant "b", primary metric conversion rate, guardrail bounce rate.
// Phase 1 (weights 1/1): Mon 19 Oct 00:00 – Sat 24 Oct 00:00 (Amsterdam, CEST = UTC+2);
// phase 2 (weights 1/3): Sat 24 00:00 – Sun 25 12:00 (CEST until 03:00 Sun 25, then CET). Stopped.
// All times below are UTC; midday, so the local date is the UTC date.
//
// The unit is a visitor-day. Phase 1:
//   V1  Tue 20  a  exposed 10:00, buys €10 at 10:05                      → a: converted, revenue 1000
//   V2  Tue 20  a  buys €30 at 09:00, exposed 09:30                      → a: not converted (bought before)
//   V3  Tue 20  a  exposed 11:00 (bounced session); buys Wed 21 09:00    → a: not converted (other day)
//   V4  Tue 20  a  exposed 12:00 (bounced)                               → a: not converted
//   V4  Wed 21  a  exposed 11:00, buys €20 at 11:10                      → a: converted, revenue 2000
//   V5  Thu 22  exposed to a, then to b, buys                            → left out: several variants
//   V6  Thu 22  b  exposed 10:00, claims EXP-0001, buys €15 + €85        → b: converted, 2 conversions, 10000
//   V7  Thu 22  b  exposed 12:00 (bounced), claims EXP-0002              → b: not converted
//   V8  Fri 23  exposed to "c", which the experiment does not have      → left out: unknown variant
//   V9  Fri 23  b  exposed 09:00                                         → b: not converted
//   V11 Sun 18 23:00 local: exposed before the experiment started        → not counted anywhere
// a: 5 units (V1, V2, V3, V4 ×2), 2 converted → 40 %; b: 3 units, 1 converted (2 conversions) → 33,3 %.
// Bounce: a 2 of 5 (V3, V4 Tue) = 0.4; b 1 of 3 (V7) = 1/3.
// Revenue cap: the buyers' revenue 1000, 2000, 10000; 99th percentile (linear) at position 0.99 × 2 = 1.98:
//   2000 + 0.98 × 8000 = 9840. a: (1000 + 2000) ÷ 5 = 600 cents; b: 9840 ÷ 3 = 3280 cents.
// Journey: EXP-0001 redeemed Sat 24 09:00 by XX111X, first read 08:58 that morning → a first wash;
//   EXP-0002 redeemed Sat 24 10:02 by YY222Y, read before on 1 October → a redemption, not a first wash.
// Statistics, conversion rate: Δ = (1/3 − 0.4) ÷ 0.4 = −0.166667;
//   Var = (2/9) ÷ (3 × 0.16) + 0.24 × (1/9) ÷ (5 × 0.0256) = 0.462963 + 0.208333 = 0.671296, sd 0.819327;
//   chance to beat control Φ(−0.166667 ÷ 0.819327) = Φ(−0.203419) = 0.41940.
//   The larger arm has 2 conversions, not 150; but first: left out 1 with several variants, 1 unknown; share
//   1 ÷ (8 + 1 + 1) = 10 % → above 1 %: the verdict is withheld ("exposure-incomplete") whatever the counts.
// SRM: 8 units < 8 × 2 = 16: not checked yet.
// Per day (cumulative): 19 and 20 and 21 no b yet (null); 22: b 1 of 2 → Δ (0.5 − 0.4) ÷ 0.4 = 0.25;
//   23: b 1 of 3 → −0.166667.
// Phase 2: V10 Sat 24 b exposed 10:00, buys €40 → b 1 unit, converted; a none.

const iso = (day: number, time: string) => `2026-10-${String(day).padStart(2, "0")}T${time}:00Z`;
let sessionId = 100;

async function visit(
  db: Queryable,
  visitor: string,
  at: string,
  steps: {
    kind: "experiment" | "conversion" | "voucher";
    at: string;
    variant?: string;
    cents?: number;
    code?: string;
  }[],
  bounce = false,
) {
  const id = ++sessionId;
  await db.run(
    `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, pageviews,
       is_bounce, channel, device)
     VALUES ($1, $2, 'www.wasbord-demo.nl', $3::TIMESTAMPTZ, $3::TIMESTAMPTZ, '/', '/', $4, $5, 'Direct', 'mobile')`,
    [id, visitor, at, bounce ? 1 : 3, bounce],
  );
  for (const step of steps) {
    await db.run(
      `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, revenue_cents, voucher_code,
         experiment_key, variant_key)
       VALUES ($1, $2, $3::TIMESTAMPTZ, $4, '/', $5, $6, $7, $8)`,
      [
        id,
        visitor,
        step.at,
        step.kind,
        step.cents ?? null,
        step.code ?? null,
        step.kind === "experiment" ? "kop-test" : null,
        step.variant ?? null,
      ],
    );
  }
}

const expose = (at: string, variant: string) => ({ kind: "experiment" as const, at, variant });
const buy = (at: string, cents: number) => ({ kind: "conversion" as const, at, cents });
const claim = (at: string, code: string) => ({ kind: "voucher" as const, at, code });

async function experimentFixture(db: Queryable, ids: FixtureIds) {
  await db.run(
    `INSERT INTO experiments (id, key, name, metric, guardrail, status, started_at, stopped_at, decision, conclusion)
     VALUES (1, 'kop-test', 'Nieuwe kop', 'conversion_rate', 'bounce_rate', 'stopped', $1::TIMESTAMPTZ,
       $2::TIMESTAMPTZ, 'a', 'Geen verschil.')`,
    ["2026-10-18T22:00:00Z", "2026-10-25T10:00:00Z"],
  );
  await db.run(
    "INSERT INTO experiment_variants VALUES (1, 'a', 'Huidige kop', true), (1, 'b', 'Nieuwe kop', false)",
  );
  await db.run(
    `INSERT INTO experiment_phases VALUES
       (1, 1, '2026-10-18T22:00:00Z', '2026-10-23T22:00:00Z', '{"a": 1, "b": 1}'),
       (1, 2, '2026-10-23T22:00:00Z', '2026-10-25T10:00:00Z', '{"a": 1, "b": 3}')`,
  );
  await visit(db, "V1", iso(20, "10:00"), [expose(iso(20, "10:00"), "a"), buy(iso(20, "10:05"), 1000)]);
  await visit(db, "V2", iso(20, "09:00"), [buy(iso(20, "09:00"), 3000), expose(iso(20, "09:30"), "a")]);
  await visit(db, "V3", iso(20, "11:00"), [expose(iso(20, "11:00"), "a")], true);
  await visit(db, "V3", iso(21, "09:00"), [buy(iso(21, "09:00"), 2500)]);
  await visit(db, "V4", iso(20, "12:00"), [expose(iso(20, "12:00"), "a")], true);
  await visit(db, "V4", iso(21, "11:00"), [expose(iso(21, "11:00"), "a"), buy(iso(21, "11:10"), 2000)]);
  await visit(db, "V5", iso(22, "09:00"), [
    expose(iso(22, "09:00"), "a"),
    expose(iso(22, "09:05"), "b"),
    buy(iso(22, "09:10"), 5000),
  ]);
  await visit(db, "V6", iso(22, "10:00"), [
    expose(iso(22, "10:00"), "b"),
    claim(iso(22, "10:02"), "EXP-0001"),
    buy(iso(22, "10:05"), 1500),
    buy(iso(22, "10:20"), 8500),
  ]);
  await visit(
    db,
    "V7",
    iso(22, "12:00"),
    [expose(iso(22, "12:00"), "b"), claim(iso(22, "12:02"), "EXP-0002")],
    true,
  );
  await visit(db, "V8", iso(23, "09:00"), [expose(iso(23, "09:00"), "c")]);
  await visit(db, "V9", iso(23, "09:00"), [expose(iso(23, "09:00"), "b")]);
  await visit(db, "V10", iso(24, "10:00"), [expose(iso(24, "10:00"), "b"), buy(iso(24, "10:10"), 4000)]);
  await visit(db, "V11", iso(18, "21:00"), [expose(iso(18, "21:00"), "b"), buy(iso(18, "21:05"), 9900)]);

  await insertPlateRead(db, ids, {
    id: "EXP-R1",
    site: "zeist",
    at: "2026-10-01T08:00:00Z",
    plate: "YY222Y",
  });
  await insertPlateRead(db, ids, { id: "EXP-R2", site: "utrecht", at: iso(24, "08:58"), plate: "XX111X" });
  await insertPlateRead(db, ids, { id: "EXP-R3", site: "utrecht", at: iso(24, "10:00"), plate: "YY222Y" });
  await insertTransaction(db, ids, {
    id: "EXP-T1",
    site: "utrecht",
    at: iso(24, "09:00"),
    payment: "voucher",
    lines: [["basis", 121]],
    plate: "XX111X",
  });
  await insertTransaction(db, ids, {
    id: "EXP-T2",
    site: "utrecht",
    at: iso(24, "10:02"),
    payment: "voucher",
    lines: [["basis", 121]],
    plate: "YY222Y",
  });
  await db.run(
    `INSERT INTO promotions (id, code, name, kind, value, channel, valid_from)
     VALUES (1, 'web-korting', 'Webkorting', 'percentage', 10, 'website', '2026-10-01')`,
  );
  for (const [code, claimedAt, event] of [
    ["EXP-0001", iso(22, "10:02"), "EXP-T1"],
    ["EXP-0002", iso(22, "12:02"), "EXP-T2"],
  ]) {
    await db.run(
      `INSERT INTO vouchers (code, promotion_id, channel, issued_at, claimed_at, redeemed_at, redeemed_transaction_id)
       SELECT $1, 1, 'website', $2::TIMESTAMPTZ, $2::TIMESTAMPTZ, t.occurred_at, t.id FROM transactions t
       WHERE t.event_id = $3`,
      [code, claimedAt, event],
    );
  }
}

let api: ReportsServer;

beforeAll(async () => {
  api = await startReportsServer({ extend: [experimentFixture] });
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

describe("the experiments report on a hand-made experiment", () => {
  it("counts visitor-days, conversions after exposure, capped revenue and the journey per variant", async () => {
    const { status, body } = await api.get("/api/reports/experiments?experiment=kop-test&phase=1");
    expect(status).toBe(200);
    const { selected } = body;
    expect(selected).toMatchObject({ key: "kop-test", phase: 1, status: "stopped", revenueCap: 9840 });
    const [a, b] = selected.variants;
    expect(a).toMatchObject({
      key: "a",
      isControl: true,
      units: 5,
      converted: 2,
      conversions: 2,
      conversionRate: 0.4,
      revenuePerVisitor: 600,
      bounceRate: 0.4,
      claimed: 0,
      redemptions: 0,
      firstWashes: 0,
      primary: null,
    });
    expect(b).toMatchObject({
      key: "b",
      units: 3,
      converted: 1,
      conversions: 2,
      claimed: 2,
      redemptions: 2,
      firstWashes: 1,
    });
    expect(b.conversionRate).toBeCloseTo(1 / 3, 10);
    expect(b.revenuePerVisitor).toBeCloseTo(3280, 6);
    expect(b.bounceRate).toBeCloseTo(1 / 3, 10);
    expect(selected.excluded).toEqual({ multipleVariants: 1, unknownVariant: 1, multipleShare: 0.1 });
  });

  it("works out uplift, chance and verdict from those counts", async () => {
    const { body } = await api.get("/api/reports/experiments?experiment=kop-test&phase=1");
    const { primary } = body.selected.variants[1];
    expect(primary.bayesian.uplift).toBeCloseTo(-0.166667, 5);
    expect(primary.bayesian.sd).toBeCloseTo(0.819327, 5);
    expect(primary.bayesian.chanceToWin).toBeCloseTo(0.4194, 4);
    expect(primary.verdict.bayesian).toEqual({
      verdict: "undecided",
      reason: "exposure-incomplete",
      suspicious: false,
    });
    expect(body.selected.verdict.bayesian).toMatchObject({ verdict: "undecided", variant: "b" });
    expect(body.selected.srm.checked).toBe(false);
  });

  it("gives the cumulative uplift per day of the phase", async () => {
    const { body } = await api.get("/api/reports/experiments?experiment=kop-test&phase=1");
    const days = body.selected.daily.map(
      (d: { day: string; variants: { uplift: number | null; units: number }[] }) => [
        d.day,
        d.variants[0].units,
        d.variants[0].uplift === null ? null : Number(d.variants[0].uplift.toFixed(6)),
      ],
    );
    expect(days).toEqual([
      ["2026-10-19", 0, null],
      ["2026-10-20", 0, null],
      ["2026-10-21", 0, null],
      ["2026-10-22", 2, 0.25],
      ["2026-10-23", 3, -0.166667],
    ]);
  });

  it("keeps the phases apart and lists the experiment with its current phase", async () => {
    const { body } = await api.get("/api/reports/experiments?experiment=kop-test");
    expect(body.selected.phase).toBe(2);
    expect(
      body.selected.variants.map((v: { units: number; converted: number }) => [v.units, v.converted]),
    ).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(body.experiments).toEqual([
      expect.objectContaining({ key: "kop-test", status: "stopped", phases: 2, units: 1, decision: "a" }),
    ]);
  });

  it("answers an unknown experiment with 404 and a phase it does not have with 422", async () => {
    expect((await api.get("/api/reports/experiments?experiment=bestaat-niet")).status).toBe(404);
    const phase = await api.get("/api/reports/experiments?experiment=kop-test&phase=3");
    expect(phase.status).toBe(422);
    expect(phase.body.error.fields).toEqual([{ path: "phase", message: "Dit experiment heeft 2 fase(n)." }]);
  });
});
