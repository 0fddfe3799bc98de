import { describe, expect, it } from "vitest";
import {
  type DecimalSeparator,
  decimalToCents,
  decimalToNumber,
  detectDecimalSeparator,
  isEmptyValue,
  normaliseHeader,
  parseDate,
  parseDecimal,
} from "./values";

const number = (raw: string, separator: DecimalSeparator | null = ",") => {
  const decimal = parseDecimal(raw, separator);
  return decimal && decimalToNumber(decimal);
};
const cents = (raw: string, separator: DecimalSeparator | null = ",") => {
  const decimal = parseDecimal(raw, separator);
  return decimal && decimalToCents(decimal);
};

describe("parseDecimal", () => {
  it("reads a decimal comma and a decimal point, with thousands separators either way", () => {
    expect(number("1.234,56")).toBe(1234.56);
    expect(number("1,234.56")).toBe(1234.56);
    expect(number("1234,5")).toBe(1234.5);
    expect(number("1234.5")).toBe(1234.5);
    expect(number("1.234.567")).toBe(1234567);
    expect(number("12 345,60")).toBe(12345.6);
  });

  it("reads a lone separator before three digits by the file's decimal separator", () => {
    expect(number("1.234", ",")).toBe(1234);
    expect(number("1.234", ".")).toBe(1.234);
    expect(number("1,500", ",")).toBe(1.5);
    expect(number("1,500", ".")).toBe(1500);
    expect(number("0,500", ".")).toBe(0.5);
  });

  it("reads a lone separator before three digits as thousands for counts (no decimal separator)", () => {
    expect(number("1.234", null)).toBe(1234);
    expect(number("1,234", null)).toBe(1234);
    expect(number("12,5", null)).toBe(12.5);
  });

  it("strips currency symbols and codes", () => {
    expect(cents("€ 12,30")).toBe(1230);
    expect(cents("EUR 12.30", ".")).toBe(1230);
    expect(cents("12,30 €")).toBe(1230);
    expect(cents("€1.071,20")).toBe(107120);
    expect(cents("eur\u00a09,95")).toBe(995);
  });

  it("reads negative amounts written with a minus or in parentheses", () => {
    expect(cents("-€ 1,00")).toBe(-100);
    expect(cents("(3,50)")).toBe(-350);
    expect(cents("−2")).toBe(-200);
  });

  it("converts euros to cents exactly, rounding the third decimal half up", () => {
    expect(cents("19,99")).toBe(1999);
    expect(cents("0,29")).toBe(29);
    expect(cents("1.005", ".")).toBe(101);
    expect(cents("1.004", ".")).toBe(100);
    expect(cents("7")).toBe(700);
    expect(cents(",5")).toBe(50);
  });

  it("rejects text that is not a number", () => {
    for (const raw of ["veel", "12a", "1.23.456", "1,2,3", "1.234,5.6", "USD 12", "--", ""]) {
      expect(parseDecimal(raw, ","), raw).toBeNull();
    }
  });
});

describe("isEmptyValue", () => {
  it("treats empty cells and Google's dashes as empty", () => {
    expect(["", " ", "--", "-", "n.v.t."].every(isEmptyValue)).toBe(true);
    expect(isEmptyValue("0")).toBe(false);
  });
});

describe("detectDecimalSeparator", () => {
  it("follows the numbers in the file", () => {
    expect(detectDecimalSeparator(["12,30", "1.204,56", "0,00"], ",")).toBe(",");
    expect(detectDecimalSeparator(["12.30", "1,071.20", "0.00"], ";")).toBe(".");
    expect(detectDecimalSeparator(["€ 9,00", "€ 104,85"], ",")).toBe(",");
  });

  it("falls back on the delimiter when the numbers do not tell", () => {
    expect(detectDecimalSeparator(["12", "1.234"], ";")).toBe(",");
    expect(detectDecimalSeparator(["12", "1.234"], ",")).toBe(".");
    expect(detectDecimalSeparator([], "\t")).toBe(".");
  });
});

describe("parseDate", () => {
  it("reads ISO and day-first numeric dates", () => {
    expect(parseDate("2026-11-21")).toBe("2026-11-21");
    expect(parseDate("21-11-2026")).toBe("2026-11-21");
    expect(parseDate("1-2-2026")).toBe("2026-02-01");
    expect(parseDate("21/11/2026")).toBe("2026-11-21");
    expect(parseDate("21.11.2026")).toBe("2026-11-21");
  });

  it("ignores a time after the date", () => {
    expect(parseDate("03-11-2026 09:14")).toBe("2026-11-03");
    expect(parseDate("2026-11-03 23:59:59")).toBe("2026-11-03");
    expect(parseDate("2026-11-03T10:00:00+01:00")).toBe("2026-11-03");
  });

  it("reads Google's written dates in Dutch and English", () => {
    expect(parseDate("zo 1 nov. 2026")).toBe("2026-11-01");
    expect(parseDate("1 november 2026")).toBe("2026-11-01");
    expect(parseDate("di 3 mrt. 2026")).toBe("2026-03-03");
    expect(parseDate("15 maart 2026")).toBe("2026-03-15");
    expect(parseDate("vr 1 mei 2026")).toBe("2026-05-01");
    expect(parseDate("Nov 1, 2026")).toBe("2026-11-01");
    expect(parseDate("Sun, Nov 1, 2026")).toBe("2026-11-01");
    expect(parseDate("March 3, 2026")).toBe("2026-03-03");
    expect(parseDate("May 1, 2026")).toBe("2026-05-01");
  });

  it("rejects impossible and unreadable dates", () => {
    for (const raw of [
      "2026-13-02",
      "31-02-2026",
      "29-02-2026",
      "11/31/2026",
      "gisteren",
      "1 foo 2026",
      "",
    ]) {
      expect(parseDate(raw), raw).toBeNull();
    }
    expect(parseDate("29-02-2028")).toBe("2028-02-29");
  });
});

describe("normaliseHeader", () => {
  it("ignores case, spacing, punctuation and accents", () => {
    expect(normaliseHeader("Conv. waarde")).toBe(normaliseHeader("Conv.waarde"));
    expect(normaliseHeader("Klant-ID")).toBe("klantid");
    expect(normaliseHeader(" Besteed bedrag (EUR) ")).toBe("besteedbedrageur");
    expect(normaliseHeader("Créatie")).toBe("creatie");
  });
});
