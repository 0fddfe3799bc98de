import { addDays } from "../reports/dates.ts";

// Dutch public holidays, computed rather than listed, so a chart of any year has them. The moveable ones
// hang off Easter Sunday (Gregorian computus); Koningsdag moves to the 26th when the 27th is a Sunday.

export interface Holiday {
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The public holidays of one year, in date order. */
export function dutchHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const kingsDay = `${year}-04-27`;
  const isSunday = new Date(`${kingsDay}T12:00:00Z`).getUTCDay() === 0;
  const holidays: Holiday[] = [
    { date: `${year}-01-01`, name: "Nieuwjaarsdag" },
    { date: addDays(easter, -2), name: "Goede Vrijdag" },
    { date: easter, name: "Eerste Paasdag" },
    { date: addDays(easter, 1), name: "Tweede Paasdag" },
    { date: isSunday ? `${year}-04-26` : kingsDay, name: "Koningsdag" },
    { date: `${year}-05-05`, name: "Bevrijdingsdag" },
    { date: addDays(easter, 39), name: "Hemelvaartsdag" },
    { date: addDays(easter, 49), name: "Eerste Pinksterdag" },
    { date: addDays(easter, 50), name: "Tweede Pinksterdag" },
    { date: `${year}-12-25`, name: "Eerste Kerstdag" },
    { date: `${year}-12-26`, name: "Tweede Kerstdag" },
  ];
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

/** The holidays between two local dates, both inclusive. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const out: Holiday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    out.push(...dutchHolidays(year).filter((h) => h.date >= from && h.date <= to));
  }
  return out;
}
