import { describe, expect, it } from "vitest";
import {
  correctPlate,
  detectSidecode,
  formatPlate,
  isPlateReading,
  MAX_PLATE_LENGTH,
  normalisePlate,
  parsePlate,
} from "./plates";

// One hand-made plate per sidecode; letters for sidecodes 4 and up avoid A E I O U C Q.
const sidecodeExamples: [normalised: string, sidecode: number, formatted: string][] = [
  ["AB1234", 1, "AB-12-34"],
  ["6789QA", 2, "67-89-QA"],
  ["56CE78", 3, "56-CE-78"],
  ["NB77ZR", 4, "NB-77-ZR"],
  ["HDNB42", 5, "HD-NB-42"],
  ["34TJXD", 6, "34-TJ-XD"],
  ["99XXX9", 7, "99-XXX-9"],
  ["4XTS12", 8, "4-XTS-12"],
  ["KL349F", 9, "KL-349-F"],
  ["G001BB", 10, "G-001-BB"],
  ["GBB01B", 11, "GBB-01-B"],
  ["1KZ234", 12, "1-KZ-234"],
  ["123TK4", 13, "123-TK-4"],
  ["N12GHD", 14, "N-12-GHD"],
];

describe("normalisePlate", () => {
  it("upper-cases and strips dashes, spaces and dots", () => {
    expect(normalisePlate(" gbb-01-b ")).toBe("GBB01B");
    expect(normalisePlate("g.bb 01-b")).toBe("GBB01B");
    expect(normalisePlate("Bm Ab 123")).toBe("BMAB123");
  });

  it("strips typographic dashes and tabs pasted from documents", () => {
    expect(normalisePlate("GBB\u201301\u2014B\t")).toBe("GBB01B");
  });
});

describe("detectSidecode and formatPlate", () => {
  it.each(sidecodeExamples)("%s is sidecode %i and is shown as %s", (normalised, sidecode, formatted) => {
    expect(detectSidecode(normalised)).toBe(sidecode);
    expect(formatPlate(normalised)).toBe(formatted);
  });

  it("allows every letter, vowels and C and Q included, in sidecodes 1 to 3", () => {
    expect(detectSidecode("UC1234")).toBe(1);
    expect(detectSidecode("1234QE")).toBe(2);
    expect(detectSidecode("12OI34")).toBe(3);
  });

  it("rejects vowels and C and Q from sidecode 4 on", () => {
    // LL-DD-LL would be sidecode 4, but A and C are not issued there.
    expect(detectSidecode("AB12CD")).toBeNull();
    for (const letter of ["A", "E", "I", "O", "U", "C", "Q"]) {
      expect(detectSidecode(`N${letter}12TZ`)).toBeNull(); // sidecode 4 shape
      expect(detectSidecode(`99X${letter}X9`)).toBeNull(); // sidecode 7 shape
      expect(detectSidecode(`N12GH${letter}`)).toBeNull(); // sidecode 14 shape
    }
  });

  it("does not recognise readings of the wrong length or shape", () => {
    expect(detectSidecode("AB123")).toBeNull();
    expect(detectSidecode("AB12345")).toBeNull();
    expect(detectSidecode("ABCDEF")).toBeNull();
    expect(detectSidecode("123456")).toBeNull();
    expect(detectSidecode("")).toBeNull();
  });

  it("leaves plates without a sidecode unchanged when formatting", () => {
    expect(formatPlate("BMAB123")).toBe("BMAB123");
    expect(formatPlate("AB12CD")).toBe("AB12CD");
    expect(formatPlate("")).toBe("");
  });
});

describe("correctPlate", () => {
  it("keeps a reading that is already a valid plate", () => {
    expect(correctPlate("GBB01B")).toEqual({ plate: "GBB01B", sidecode: 11, corrected: false });
  });

  it("keeps a valid reading even when a swap would give another valid plate", () => {
    // 4XTS12 is sidecode 8; S→5 would give 4XT512 (sidecode 12), but the reading itself is valid.
    expect(correctPlate("4XTS12")).toEqual({ plate: "4XTS12", sidecode: 8, corrected: false });
  });

  it("corrects a letter O read where a digit belongs", () => {
    // NZXO5T: only O/0 and 5/S can swap. N Z X … T are letters, so the shape is LLL??L; of LLLDDL,
    // LLLDLL, LLLLDL and LLLLLL only LLLDDL (sidecode 11) exists.
    expect(correctPlate("NZXO5T")).toEqual({ plate: "NZX05T", sidecode: 11, corrected: true });
  });

  it("corrects a digit 8 read where a letter B belongs", () => {
    // G472B8: only the two last characters can swap (B/8). LDDDLL (sidecode 10) fits G472BB; LDDDLD,
    // LDDDDL and LDDDDD are no sidecode.
    expect(correctPlate("G472B8")).toEqual({ plate: "G472BB", sidecode: 10, corrected: true });
  });

  it("corrects a letter B read where a digit 8 belongs", () => {
    // B9XXX9: only the first B can swap. B9XXX9 as read is LDLLLD (no sidecode); 89XXX9 is DDLLLD, sidecode 7.
    expect(correctPlate("B9XXX9")).toEqual({ plate: "89XXX9", sidecode: 7, corrected: true });
  });

  it("corrects a letter S read where a digit 5 belongs", () => {
    // 9SXXX9 as read is DLLLLD (no sidecode); 95XXX9 is DDLLLD, sidecode 7.
    expect(correctPlate("9SXXX9")).toEqual({ plate: "95XXX9", sidecode: 7, corrected: true });
  });

  it("uses the vowel rule to pick the only valid reading", () => {
    // NZO12T has the shape of sidecode 11 (LLLDDL), but O is not issued there. Swapping O→0 gives NZ012T,
    // sidecode 9 (LLDDDL); NZOI2T (LLLLDL) and NZ0I2T (LLDLDL) are no sidecode.
    expect(correctPlate("NZO12T")).toEqual({ plate: "NZ012T", sidecode: 9, corrected: true });
    // 99XXXI has the shape of sidecode 6 but I is not issued there; 99XXX1 is sidecode 7.
    expect(correctPlate("99XXXI")).toEqual({ plate: "99XXX1", sidecode: 7, corrected: true });
  });

  it("corrects to an old sidecode where vowels are still allowed", () => {
    // 0B1234 (DLDDDD) is no sidecode. Of the swaps of 0/O, B/8 and 1/I, only OB1234 (LLDDDD, sidecode 1,
    // where O is allowed) fits; e.g. 081234 is six digits and OBI234 is LLLDDD.
    expect(correctPlate("0B1234")).toEqual({ plate: "OB1234", sidecode: 1, corrected: true });
  });

  it("leaves a reading alone when several corrections are valid", () => {
    // NZS1IT: S/5, 1/I and I/1 can swap. NZ511T (sidecode 9) and NZS11T (sidecode 11) are both valid.
    expect(correctPlate("NZS1IT")).toEqual({ plate: "NZS1IT", sidecode: null, corrected: false });
    // GBB0IB: all but the G can swap, so each shape starting with a letter has one candidate. Valid are
    // GB8018 (sidecode 1), GB801B (sidecode 9) and GBB01B (sidecode 11); GB80IB (4), GBBO18 (5),
    // G880IB (10) and G88OIB (14) fail on the vowels O and I. Three candidates, so no correction.
    expect(correctPlate("GBB0IB")).toEqual({ plate: "GBB0IB", sidecode: null, corrected: false });
  });

  it("leaves a reading alone when no correction is valid", () => {
    // Z and 2 are not swapped, and nothing else in 9ZXXX9 can swap, so it stays as read although 92XXX9
    // would be sidecode 7.
    expect(correctPlate("9ZXXX9")).toEqual({ plate: "9ZXXX9", sidecode: null, corrected: false });
    // BXXXXX (LLLLLL) and its only swap 8XXXXX (DLLLLL) are both no sidecode.
    expect(correctPlate("BXXXXX")).toEqual({ plate: "BXXXXX", sidecode: null, corrected: false });
  });

  it("keeps a foreign plate as read", () => {
    expect(correctPlate("BMAB123")).toEqual({ plate: "BMAB123", sidecode: null, corrected: false });
  });
});

describe("parsePlate", () => {
  it("returns null when there is no reading", () => {
    expect(parsePlate(null)).toBeNull();
    expect(parsePlate("")).toBeNull();
    expect(parsePlate(" - . ")).toBeNull();
  });

  it("normalises a messy Dutch reading", () => {
    expect(parsePlate(" gbb-01-b ")).toEqual({ plate: "GBB01B", sidecode: 11, corrected: false });
  });

  it("normalises and then corrects a reading", () => {
    // nzx o5-t normalises to NZXO5T, which corrects to NZX05T (see correctPlate).
    expect(parsePlate("nzx o5-t")).toEqual({ plate: "NZX05T", sidecode: 11, corrected: true });
  });

  it("keeps a foreign plate normalised without a sidecode", () => {
    expect(parsePlate("BM AB 123")).toEqual({ plate: "BMAB123", sidecode: null, corrected: false });
  });

  it("keeps an unreadable reading instead of dropping the visit", () => {
    expect(parsePlate("??")).toEqual({ plate: "??", sidecode: null, corrected: false });
  });
});

describe("isPlateReading", () => {
  it("accepts readings that normalise to letters and digits, separators and all", () => {
    for (const raw of ["GBB-01-B", "gbb 01 b", "GB\u00a0B01B", "BM AB 123", "AB.12.34", "", " "]) {
      expect(isPlateReading(raw), JSON.stringify(raw)).toBe(true);
    }
  });

  it("refuses invisible, direction and control characters and letters outside A–Z", () => {
    const refused = [
      "GBB\u200b01B", // zero-width space
      "GBB\u200d01B", // zero-width joiner
      "\u202eB10BBG", // right-to-left override
      "GBB01B\u0000", // NUL
      "GBB01B\u0007", // bell
      "GBB\ufe0f01B", // variation selector
      "MÜ-AB-12", // accented letter
      "GBB01Β", // Greek capital beta, looks like B
      "GBB_01_B",
    ];
    for (const raw of refused) expect(isPlateReading(raw), JSON.stringify(raw)).toBe(false);
  });

  it("refuses characters that upper-case into several, and readings too long once normalised", () => {
    for (const raw of ["ß".repeat(20), "GBBß1B", "ﬀ-12-34", "ŉ12345"]) {
      expect(isPlateReading(raw), JSON.stringify(raw)).toBe(false);
    }
    expect(isPlateReading("A".repeat(MAX_PLATE_LENGTH))).toBe(true);
    expect(isPlateReading("A".repeat(MAX_PLATE_LENGTH + 1))).toBe(false);
    expect(isPlateReading(`${"A-".repeat(MAX_PLATE_LENGTH)}`)).toBe(true);
  });
});
