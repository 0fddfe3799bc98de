import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../src/server/db/database.ts";
import type { LiveAnswer, LiveSite } from "../../src/shared/live.ts";
import {
  type FixtureIds,
  insertPlateRead,
  type ReportsServer,
  startReportsServer,
} from "./fixtures/reports-fixture.ts";

// GET /api/live on the reports fixture, the clock at Sunday 25 October 2026, 13:00 CET (12:00 UTC), the day
// the clocks went back at 03:00 CEST (01:00 UTC). Worked out by hand:
// Utrecht (2 lanes × 40 an hour → capacity 80). Entrance reads today: R1 00:29Z (02:29 CEST) and R3 01:29Z
//   (02:29 CET): both in slot 02:20, which holds two real 10 minutes; R4 01:30Z a no-read (slot 02:30, still a
//   car); below L1 11:00:00Z (12:00 CET), L2 11:00:01Z, L3 11:30Z, L4 11:59Z, L5 12:00Z (= now). Not counted:
//   L6 an exit read 11:40Z, L7 12:01Z after now. → today 8; slot 12:00 = L1 + L2 = 2, 12:30 = 1, 12:50 = 1,
//   13:00 = 1 (running), 13:10 not begun (null). Last 60 minutes, (11:00Z, 12:00Z]: L2–L5 → 4 (L1 is the
//   boundary, an hour ago exactly).
//   Expected for slot 12:00 (10:00–10:10 UTC in summer time) on the 8 Sundays before (18 Oct … 30 Aug): 3, 1, 5,
//   2, 4 and three Sundays without → [0,0,0,1,2,3,4,5] → median (1 + 2) / 2 = 1.5. Not counted: Sunday 23 Aug
//   (9 weeks back, 10 cars), Saturday 17 Oct (a different weekday).
//   Cameras: utrecht-1 last read L5 12:00Z (L7 lies after now); utrecht-2 L6 11:40Z (an exit read is a delivery).
//   Till: C6 01:30Z.
// Zeist (1 lane × the default 60): R2 22:29Z on the 24th (00:29 CEST today) → today 1, slot 00:20; last hour 0.
//   Camera zeist-1 R2, quiet through the opening hours 10:00–13:00 → vertraagd. Till: C4 22:30Z on the 24th.
// Houten: nothing at all → 0 cars, no cameras, till never → stil; capacity 1 × 60.

const read = (id: string, at: string, extra: { camera?: string; direction?: "out" } = {}) => ({
  id,
  at,
  extra,
});
const TODAY = [
  read("L1", "2026-10-25T11:00:00Z"),
  read("L2", "2026-10-25T11:00:01Z"),
  read("L3", "2026-10-25T11:30:00Z", { camera: "utrecht-2" }),
  read("L4", "2026-10-25T11:59:00Z"),
  read("L5", "2026-10-25T12:00:00Z"),
  read("L6", "2026-10-25T11:40:00Z", { camera: "utrecht-2", direction: "out" }),
  read("L7", "2026-10-25T12:01:00Z"),
];
/** Cars in slot 12:00 CEST (10:00–10:10 UTC) on earlier days. */
const HISTORY: [date: string, cars: number][] = [
  ["2026-10-18", 3],
  ["2026-10-11", 1],
  ["2026-10-04", 5],
  ["2026-09-27", 2],
  ["2026-09-20", 4],
  ["2026-08-23", 10],
  ["2026-10-17", 6],
];

async function liveRows(db: Queryable, ids: FixtureIds) {
  await db.run("UPDATE sites SET lanes = 2, cars_per_lane_hour = 40 WHERE code = 'utrecht'");
  for (const r of TODAY) {
    await insertPlateRead(db, ids, {
      id: r.id,
      site: "utrecht",
      at: r.at,
      plate: null,
      camera: r.extra.camera,
    });
    if (r.extra.direction)
      await db.run("UPDATE plate_reads SET direction = 'out' WHERE event_id = $1", [r.id]);
  }
  for (const [date, cars] of HISTORY) {
    for (let i = 0; i < cars; i++) {
      const at = `${date}T10:0${i % 10}:30Z`;
      await insertPlateRead(db, ids, { id: `H-${date}-${i}`, site: "utrecht", at, plate: null });
    }
  }
}

let api: ReportsServer;
let body: LiveAnswer;
const site = (code: string): LiveSite => {
  const found = body.sites.find((s) => s.code === code);
  if (!found) throw new Error(`no site ${code}`);
  return found;
};
const slot = (code: string, start: string) => site(code).slots.find((s) => s.start === start);

const analistListed = (db: Queryable) =>
  db.run("INSERT INTO app_users (email, role) VALUES ('analist@wasbord.nl', 'analist')");

beforeAll(async () => {
  api = await startReportsServer({ extend: [liveRows, analistListed] });
  const response = await api.get<LiveAnswer>("/api/live");
  expect(response.status).toBe(200);
  body = response.body;
}, 120_000);
afterAll(() => api?.stop());

describe("live", () => {
  it("counts the cars of the last 60 minutes against lanes × cars per lane per hour", () => {
    expect(body).toMatchObject({ now: "2026-10-25T12:00:00.000Z", date: "2026-10-25" });
    expect(body.sites.map((s) => [s.code, s.lastHour, s.capacityPerHour, s.today])).toEqual([
      ["houten", 0, 60, 0],
      ["utrecht", 4, 80, 8],
      ["zeist", 0, 60, 1],
    ]);
    expect(site("utrecht")).toMatchObject({ lanes: 2, carsPerLaneHour: 40 });
  });

  it("buckets today per 10 local minutes, the autumn change's repeated slots holding both", () => {
    const slots = site("utrecht").slots;
    expect(slots).toHaveLength(144);
    expect(slots.filter((s) => s.start === "02:20")).toHaveLength(1);
    expect(slot("utrecht", "02:20")?.cars).toBe(2);
    expect(slot("utrecht", "02:30")?.cars).toBe(1);
    expect(slot("zeist", "00:20")?.cars).toBe(1);
    expect(["12:00", "12:30", "12:50", "13:00", "13:10"].map((t) => slot("utrecht", t)?.cars)).toEqual([
      2,
      1,
      1,
      1,
      null,
    ]);
  });

  it("expects the median of the same weekday's slot over the 8 weeks before", () => {
    expect(slot("utrecht", "12:00")?.expected).toBe(1.5);
    expect(slot("utrecht", "12:10")?.expected).toBe(0);
    expect(slot("zeist", "12:00")?.expected).toBe(0);
  });

  it("shows each camera's last read and each site's last sale", () => {
    expect(site("utrecht").cameras).toEqual([
      { camera: "utrecht-1", lastAt: "2026-10-25T12:00:00.000Z", status: "actueel" },
      { camera: "utrecht-2", lastAt: "2026-10-25T11:40:00.000Z", status: "actueel" },
    ]);
    expect(site("utrecht").till).toEqual({ lastAt: "2026-10-25T01:30:00.000Z", status: expect.any(String) });
    expect(site("zeist").cameras).toEqual([
      { camera: "zeist-1", lastAt: "2026-10-24T22:29:00.000Z", status: "vertraagd" },
    ]);
    expect(site("zeist").till.lastAt).toBe("2026-10-24T22:30:00.000Z");
    expect(site("houten")).toMatchObject({ cameras: [], till: { lastAt: null, status: "stil" } });
  });

  it("is read by an analist too, and described in the OpenAPI document", async () => {
    const analist = await api.signIn("analist@wasbord.nl", "analist");
    expect((await analist.get("/api/live")).status).toBe(200);
    const document = await (await fetch(`${api.server.url}/api/openapi.json`)).json();
    expect(document.paths["/api/live"].get["x-roles"]).toEqual(["beheerder", "analist"]);
  });
});
