import { describe, expect, it } from "vitest";
import { Database } from "../../db/database.ts";
import {
  areaUnderCurve,
  churnChance,
  churnChanceSql,
  churnParams,
  deciles,
  fitChurnModel,
  type Sample,
} from "./churn-score.ts";

// The score's arithmetic against answers known beforehand: a fit recovers the odds of a table of counts,
// the AUC of a hand-ranked list, deciles from the top.

describe("the churn-risk score", () => {
  it("recovers each group's share that ended from a single yes/no feature", () => {
    // 100 members with an open decline of whom 30 ended, 900 without of whom 45 ended
    const samples: Sample[] = [
      ...Array.from({ length: 100 }, (_, i): Sample => ({ features: [1], ended: i < 30 ? 1 : 0 })),
      ...Array.from({ length: 900 }, (_, i): Sample => ({ features: [0], ended: i < 45 ? 1 : 0 })),
    ];
    const model = fitChurnModel(samples);
    if (!model) throw new Error("no model");
    // the small ridge penalty pulls the two groups' chances slightly towards each other
    expect(churnChance(model, [1])).toBeCloseTo(0.3, 1);
    expect(churnChance(model, [0])).toBeCloseTo(0.05, 2);
    expect(churnChance(model, [1])).toBeGreaterThan(churnChance(model, [0]));
  });

  it("stays finite when one feature separates the outcomes perfectly (Newton's step is halved, not taken whole)", () => {
    const samples: Sample[] = Array.from({ length: 400 }, (_, i) => ({
      features: [i % 20 === 0 ? 1 : 0, i % 20 === 0 ? 1 : 0, 3],
      ended: i % 20 === 0 ? 1 : 0,
    }));
    const model = fitChurnModel(samples);
    if (!model) throw new Error("no model");
    expect(model.weights.every(Number.isFinite)).toBe(true);
    expect(churnChance(model, [1, 1, 3])).toBeGreaterThan(0.9);
    expect(churnChance(model, [0, 0, 3])).toBeLessThan(0.01);
  });

  it("has no model when nobody (or everybody) ended", () => {
    expect(
      fitChurnModel([
        { features: [1], ended: 0 },
        { features: [2], ended: 0 },
      ]),
    ).toBeNull();
  });

  it("works the AUC out as the share of ended–stayed pairs ranked right, ties counting half", () => {
    // ended: 0.9, 0.4; stayed: 0.8, 0.4, 0.1 → pairs right: (0.9 > all 3) + (0.4 > 0.1, tie with 0.4: ½) = 4,5 of 6
    const scored = [
      { score: 0.9, ended: 1 as const },
      { score: 0.4, ended: 1 as const },
      { score: 0.8, ended: 0 as const },
      { score: 0.4, ended: 0 as const },
      { score: 0.1, ended: 0 as const },
    ];
    expect(areaUnderCurve(scored)).toBeCloseTo(4.5 / 6, 10);
  });

  it("cuts ten groups from the highest score down", () => {
    const groups = deciles(Array.from({ length: 25 }, (_, i) => ({ score: i })));
    expect(groups.map((group) => group.length)).toEqual([3, 2, 3, 2, 3, 2, 3, 2, 3, 2]);
    expect(groups[0].map((row) => row.score)).toEqual([24, 23, 22]);
  });

  it("ranks in the database with the same chance as on the screen", async () => {
    // two features: an open decline and washes in the last 30 days, 600 members, the declined ones ending more
    const samples: Sample[] = Array.from({ length: 600 }, (_, i) => ({
      features: [i % 5 === 0 ? 1 : 0, i % 7],
      ended: (i % 5 === 0 && i % 3 !== 0) || i % 11 === 0 ? 1 : 0,
    }));
    const model = fitChurnModel(samples);
    if (!model) throw new Error("no model");
    const db = await Database.open(":memory:");
    try {
      for (const features of [
        [1, 0],
        [0, 6],
        [1, 3],
        [0, 0],
      ]) {
        const [row] = await db.query<{ score: number }>(
          `SELECT ${churnChanceSql(["$f1::DOUBLE", "$f2::DOUBLE"])} AS score`,
          { ...churnParams(model, 2), f1: features[0], f2: features[1] },
        );
        expect(row.score).toBeCloseTo(churnChance(model, features), 12);
      }
    } finally {
      await db.close();
    }
  });
});
