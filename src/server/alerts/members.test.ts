import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../shared/reports/dates.ts";
import type { Database } from "../db/database.ts";
import {
  amsterdam,
  event,
  membersDatabase,
  signup,
  storeEvents,
  wash,
} from "../reports/memberships/test-members.ts";
import { evaluateAlerts } from "./evaluate.ts";
import { observe } from "./observe.ts";
import { activeRules } from "./rules.ts";

// The alert rules on the wash club over small clubs worked out by hand (REPORT-DEFINITIONS §5), evaluated at
// the test's own moments. Sites a (1) and b (2); winter time (Amsterdam = UTC+1).

let db: Database;

beforeEach(async () => {
  db = await membersDatabase();
});
afterEach(() => db.close());

async function addRule(columns: Record<string, string | number | null>) {
  const names = Object.keys(columns);
  await db.run(
    `INSERT INTO alert_rules (${names.join(", ")}, recipients) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")}, 'ops@wasbord.nl')`,
    Object.values(columns),
  );
}

const incidents = () =>
  db.query<{ rule: string; label: string; detail: string; resolved: boolean }>(
    `SELECT r.name AS rule, i.subject_label AS label, i.detail, i.resolved_at IS NOT NULL AS resolved
     FROM alert_incidents i JOIN alert_rules r ON r.id = i.rule_id ORDER BY i.id`,
  );

/** Evaluates at 09:00 local on `date`. */
const evaluateOn = (date: string) => evaluateAlerts(db, new Date(amsterdam(`${date} 09:00`)));

describe("a spike of ended members", () => {
  // Eight members signed up in December (A–D at a, E–H at b).
  //   Wed 11 Feb: D cancels himself                              → 1 ended (a normal day)
  //   Thu 12 Feb: A cancels himself, B ended by the system (a), F ended by the system (b) → 3 ended
  //   Fri 13 Feb: nothing
  beforeEach(async () => {
    await storeEvents(db, [
      ..."ABCD".split("").map((id) => signup(id, "2025-12-01 10:00")),
      ..."EFGH".split("").map((id) => signup(id, "2025-12-02 10:00", { site: "b" })),
      event("D", "cancel", "2026-02-11 15:00", { initiatedBy: "member" }),
      event("A", "cancel", "2026-02-12 10:00", { initiatedBy: "member" }),
      event("B", "cancel", "2026-02-12 11:00", { initiatedBy: "system" }),
      event("F", "cancel", "2026-02-12 23:30", { initiatedBy: "system" }),
    ]);
    await addRule({
      name: "Veel opzeggingen",
      kind: "kpi-threshold",
      kpi: "members-ended",
      direction: "above",
      threshold: 2,
    });
    await addRule({
      name: "Mislukte betalingen Zeist",
      kind: "kpi-threshold",
      site_id: 2,
      kpi: "members-ended-involuntary",
      direction: "above",
      threshold: 0,
    });
  });

  it("speaks the day after 3 members ended (limit: above 2), not after a normal day, and resolves", async () => {
    // Thursday: yesterday (Wednesday) 1 ended, nobody at b after failed payments.
    expect(await evaluateOn("2026-02-12")).toEqual({ opened: 0, resolved: 0, failed: 0 });
    // Friday: yesterday 3 ended in the chain; at b, F (sold at b) ended by the system; B was sold at a.
    expect(await evaluateOn("2026-02-13")).toEqual({ opened: 2, resolved: 0, failed: 0 });
    expect(await incidents()).toEqual([
      {
        rule: "Veel opzeggingen",
        label: "Hele keten",
        detail: "Gestopte leden op 12-02-2026: 3 (grens: boven 2).",
        resolved: false,
      },
      {
        rule: "Mislukte betalingen Zeist",
        label: "B",
        detail: "Gestopt na mislukte betaling op 12-02-2026: 1 (grens: boven 0).",
        resolved: false,
      },
    ]);
    // Saturday: Friday was quiet.
    expect(await evaluateOn("2026-02-14")).toEqual({ opened: 0, resolved: 2, failed: 0 });
  });
});

describe("a spike of failed payments", () => {
  it("speaks the day after 2 payments failed (limit: above 1), not after a day with one", async () => {
    await storeEvents(db, [
      ..."ABC".split("").map((id) => signup(id, "2025-12-01 10:00")),
      event("A", "decline", "2026-02-11 03:00"),
      event("B", "decline", "2026-02-12 03:00"),
      event("C", "decline", "2026-02-12 03:05"),
    ]);
    await addRule({
      name: "Betalingen mislukt",
      kind: "kpi-threshold",
      kpi: "members-declines",
      direction: "above",
      threshold: 1,
    });
    expect(await evaluateOn("2026-02-12")).toEqual({ opened: 0, resolved: 0, failed: 0 });
    expect(await evaluateOn("2026-02-13")).toEqual({ opened: 1, resolved: 0, failed: 0 });
    expect((await incidents()).map((incident) => incident.detail)).toEqual([
      "Mislukte betalingen op 12-02-2026: 2 (grens: boven 1).",
    ]);
  });
});

describe("a site's conversion below its usual", () => {
  // Site a, every week from Monday 15 December 2025 to Sunday 15 February 2026 (nine weeks): 30 washes by
  // non-members and 6 signups, 20 %. The week of 16–22 February: 30 washes, 2 signups at a (6,7 %); a signup
  // online and a free wash at a that week count for neither. Site b: no washes, so no usual: not judged.
  //   Monday 16 February: the last 7 days (9–15 Feb) 6 ÷ 30 = 20 % against the 8 weeks before (15 Dec – 8 Feb)
  //     48 ÷ 240 = 20 %: 100 % of usual, above the limit of 50 %; 20 % × 30 = 6 expected signups ≥ 5: judged.
  //   Monday 23 February: 16–22 Feb 2 ÷ 30 = 6,7 % against 22 Dec – 15 Feb 48 ÷ 240 = 20 %: 33,3 % of usual,
  //     below 50 %: an incident.
  beforeEach(async () => {
    const mondays = Array.from({ length: 10 }, (_, week) => addDays("2025-12-15", 7 * week));
    const events = [];
    for (const [week, monday] of mondays.entries()) {
      const signups = week < 9 ? 6 : 2;
      for (let i = 0; i < 30; i++) await wash(db, 1, `${addDays(monday, i % 7)} 10:00`, `X${week}N${i}`);
      for (let i = 0; i < signups; i++) events.push(signup(`S${week}N${i}`, `${addDays(monday, i)} 11:00`));
    }
    events.push(signup("ONLINE", "2026-02-18 12:00", { site: null, channel: "online" }));
    await wash(db, 1, "2026-02-19 10:00", "FREE", true);
    await storeEvents(db, events);
    await addRule({ name: "Conversie laag", kind: "conversion-below-usual", threshold: 50 });
  });

  it("stays silent in a normal week and speaks when the week's conversion falls below half the usual", async () => {
    expect(await evaluateOn("2026-02-16")).toEqual({ opened: 0, resolved: 0, failed: 0 });
    // Judged, and well: site a only (b has no usual).
    const [rule] = await activeRules(db);
    expect(await observe(db, rule, new Date(amsterdam("2026-02-16 09:00")))).toEqual([
      {
        subject: "site:1",
        label: "A",
        breached: false,
        detail:
          "Conversie naar lid 09-02-2026 t/m 15-02-2026: 20,0% (6 aanmeldingen op 30 wassen zonder abonnement); " +
          "gewoonlijk 20,0% (100,0%, grens 50%).",
      },
    ]);
    expect(await evaluateOn("2026-02-23")).toEqual({ opened: 1, resolved: 0, failed: 0 });
    expect(await incidents()).toEqual([
      {
        rule: "Conversie laag",
        label: "A",
        detail:
          "Conversie naar lid 16-02-2026 t/m 22-02-2026: 6,7% (2 aanmeldingen op 30 wassen zonder abonnement); " +
          "gewoonlijk 20,0% (33,3%, grens 50%).",
        resolved: false,
      },
    ]);
  });
});
