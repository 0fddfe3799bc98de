import { describe, expect, it } from "vitest";
import { dutchHolidays, easterSunday, holidaysBetween } from "./holidays.ts";

// Expected dates from the published calendars (rijksoverheid.nl, timeanddate.com), not from the algorithm.

describe("Dutch public holidays", () => {
  it("finds Easter Sunday by the computus", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    // Extremes of the range: earliest possible (22 March) and latest (25 April).
    expect(easterSunday(2285)).toBe("2285-03-22");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });

  it("lists every holiday of 2026 on its published date", () => {
    expect(dutchHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "Nieuwjaarsdag" },
      { date: "2026-04-03", name: "Goede Vrijdag" },
      { date: "2026-04-05", name: "Eerste Paasdag" },
      { date: "2026-04-06", name: "Tweede Paasdag" },
      { date: "2026-04-27", name: "Koningsdag" },
      { date: "2026-05-05", name: "Bevrijdingsdag" },
      { date: "2026-05-14", name: "Hemelvaartsdag" },
      { date: "2026-05-24", name: "Eerste Pinksterdag" },
      { date: "2026-05-25", name: "Tweede Pinksterdag" },
      { date: "2026-12-25", name: "Eerste Kerstdag" },
      { date: "2026-12-26", name: "Tweede Kerstdag" },
    ]);
  });

  it("moves Koningsdag to the 26th when the 27th is a Sunday", () => {
    // 27 April 2025 was a Sunday; 27 April 2031 is one too.
    const kingsDay = (year: number) => dutchHolidays(year).find((h) => h.name === "Koningsdag")?.date;
    expect(kingsDay(2025)).toBe("2025-04-26");
    expect(kingsDay(2031)).toBe("2031-04-26");
    expect(kingsDay(2027)).toBe("2027-04-27");
  });

  it("puts 2027's moveable feasts after Easter on 28 March", () => {
    const names = Object.fromEntries(dutchHolidays(2027).map((h) => [h.name, h.date]));
    expect(names).toMatchObject({
      "Goede Vrijdag": "2027-03-26",
      "Tweede Paasdag": "2027-03-29",
      Hemelvaartsdag: "2027-05-06",
      "Eerste Pinksterdag": "2027-05-16",
      "Tweede Pinksterdag": "2027-05-17",
    });
  });

  it("gives the holidays of a period across a year's end, both ends included", () => {
    expect(holidaysBetween("2025-12-26", "2026-01-01").map((h) => h.date)).toEqual([
      "2025-12-26",
      "2026-01-01",
    ]);
    expect(holidaysBetween("2026-06-01", "2026-12-24")).toEqual([]);
  });
});
