import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { Database } from "../db/database.ts";
import { localDay, saltsFromDatabase, visitorHash, visitorIds } from "./visitor-id.ts";

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const SALT_A = "a".repeat(64);
const SALT_B = "b".repeat(64);

describe("visitorHash", () => {
  it("is stable for the same salt, site, address and browser", () => {
    expect(visitorHash(SALT_A, "wasbord.nl", "203.0.113.7", UA)).toBe(
      visitorHash(SALT_A, "WASBORD.nl", "203.0.113.7", UA),
    );
  });

  it("differs when any of them differs, and does not contain the address", () => {
    const base = visitorHash(SALT_A, "wasbord.nl", "203.0.113.7", UA);
    expect(visitorHash(SALT_B, "wasbord.nl", "203.0.113.7", UA)).not.toBe(base);
    expect(visitorHash(SALT_A, "andere.nl", "203.0.113.7", UA)).not.toBe(base);
    expect(visitorHash(SALT_A, "wasbord.nl", "203.0.113.8", UA)).not.toBe(base);
    expect(visitorHash(SALT_A, "wasbord.nl", "203.0.113.7", `${UA} x`)).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{32}$/);
  });

  it("gives an id under yesterday's salt as well, when there is one", () => {
    const ids = visitorIds({ today: SALT_A, yesterday: SALT_B }, "wasbord.nl", "203.0.113.7", UA);
    expect(ids.previous).toBe(visitorHash(SALT_B, "wasbord.nl", "203.0.113.7", UA));
    expect(visitorIds({ today: SALT_A, yesterday: null }, "w", "1.2.3.4", UA).previous).toBeNull();
  });
});

describe("localDay", () => {
  it("is the date in Amsterdam, not in UTC", () => {
    expect(localDay(Date.parse("2026-11-21T22:59:59Z"))).toBe("2026-11-21");
    expect(localDay(Date.parse("2026-11-21T23:00:00Z"))).toBe("2026-11-22");
    expect(localDay(Date.parse("2026-07-01T21:59:59Z"))).toBe("2026-07-01");
    expect(localDay(Date.parse("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });

  it("answers as Intl does for every minute around both changes of summer time, asked in any order", () => {
    const minutes = (from: string) =>
      Array.from({ length: 48 * 60 }, (_, i) => Date.parse(from) + i * 60_000 + (i % 7) * 1000);
    const instants = [...minutes("2026-03-28T12:00:00Z"), ...minutes("2026-10-24T12:00:00Z")];
    const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" });
    for (const at of [...instants, ...instants.reverse()]) {
      expect(localDay(at)).toBe(intl.format(new Date(at)));
    }
  });
});

describe("saltsFromDatabase", () => {
  let dir: string | null = null;
  let db: Database | null = null;
  afterEach(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps one salt per day, and yesterday's only while a session of yesterday can still continue", async () => {
    dir = mkdtempSync(join(tmpdir(), "wasbord-salts-"));
    db = await migratedDatabase(join(dir, "t.duckdb"));
    const stored = async () =>
      (await db?.query<{ day: string }>("SELECT day FROM tracking_salts ORDER BY day"))?.map((r) => r.day);
    // Local midnight of 21 and 22 November 2026 (CET, UTC+1) is 23:00 UTC the evening before.
    const day1 = Date.parse("2026-11-20T10:00:00Z");
    const justAfterMidnight = Date.parse("2026-11-20T23:10:00Z"); // 00:10 on the 21st: sessions carry on
    const afterTimeout = Date.parse("2026-11-20T23:30:00Z"); // 00:30: every session of the 20th has ended
    const day3 = Date.parse("2026-11-22T10:00:00Z");

    const first = await saltsFromDatabase(db)(day1);
    expect(first.yesterday).toBeNull();
    // A restart on the same day finds the same salt.
    expect((await saltsFromDatabase(db)(day1 + 3_600_000)).today).toBe(first.today);

    const salts = saltsFromDatabase(db);
    const second = await salts(justAfterMidnight);
    expect(second).toEqual({ today: expect.not.stringMatching(first.today), yesterday: first.today });
    expect(await stored()).toEqual(["2026-11-20", "2026-11-21"]);
    // Thirty minutes after midnight yesterday's salt is gone, from the database and from what is handed out.
    expect(await salts(afterTimeout)).toEqual({ today: second.today, yesterday: null });
    expect(await stored()).toEqual(["2026-11-21"]);
    // Days without any traffic leave nothing behind either: the next call keeps only its own day.
    expect(await salts(day3)).toEqual({ today: expect.not.stringMatching(second.today), yesterday: null });
    expect(await stored()).toEqual(["2026-11-22"]);
  });
});
