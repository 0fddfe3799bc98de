import { describe, expect, it } from "vitest";
import { demoDays } from "./calendar.ts";

describe("demoDays", () => {
  it("ends on today's Amsterdam date, also when it is still yesterday in UTC", () => {
    const days = demoDays(new Date("2026-07-14T22:30:00Z"), 2);
    expect(days.map((day) => day.date)).toEqual(["2026-07-14", "2026-07-15"]);
  });

  it("starts a day at midnight by its daytime offset, on the clock-change days too", () => {
    const days = demoDays(new Date("2026-10-26T12:00:00Z"), 214);
    const at = (date: string) => days.find((day) => day.date === date)?.startMs;
    expect(at("2026-03-28")).toBe(Date.parse("2026-03-27T23:00:00Z")); // CET
    expect(at("2026-03-29")).toBe(Date.parse("2026-03-28T22:00:00Z")); // CEST from 03:00 that night
    expect(at("2026-10-25")).toBe(Date.parse("2026-10-24T23:00:00Z")); // CET from 03:00 that night
    expect(at("2026-10-26")).toBe(Date.parse("2026-10-25T23:00:00Z"));
  });
});
