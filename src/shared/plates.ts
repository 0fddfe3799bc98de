// Dutch licence plates (kentekens): normalising, sidecode detection, display formatting and correction of
// the character confusions that number-plate cameras make. Pure functions, no dependencies, so the
// server (ingestion, demo generator) and the browser share the same rules.
//
// A plate is stored and compared in its normalised form (upper case, no separators); `formatPlate` adds the
// dashes for display only.

export interface ParsedPlate {
  /** Normalised plate: the corrected reading when a correction was accepted, otherwise the reading as is. */
  plate: string;
  /** Dutch sidecode 1–14, or null for foreign, unreadable or invalid readings. */
  sidecode: number | null;
  /** True when at least one character was changed by OCR correction. */
  corrected: boolean;
}

// Index + 1 is the sidecode. L = letter, D = digit; the dashes give the display grouping.
// With the dashes removed the fourteen L/D patterns are all different, so a normalised plate fits at most one
// sidecode and detection needs no tie-break.
const SIDECODE_FORMATS = [
  "LL-DD-DD",
  "DD-DD-LL",
  "DD-LL-DD",
  "LL-DD-LL",
  "LL-LL-DD",
  "DD-LL-LL",
  "DD-LLL-D",
  "D-LLL-DD",
  "LL-DDD-L",
  "L-DDD-LL",
  "LLL-DD-L",
  "D-LL-DDD",
  "DDD-LL-D",
  "L-DD-LLL",
] as const;

const ALL_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// From sidecode 4 on, vowels are left out (no words can form) and C and Q are left out too. The real issuing
// rules also ban some letter combinations; those are deliberately not checked.
const LETTERS_SINCE_SIDECODE_4 = "BDFGHJKLMNPRSTVWXYZ";
const DIGITS = "0123456789";

// The only confusions corrected: camera OCR mixes these up in both directions. 2/Z is deliberately absent.
const CONFUSABLE: Readonly<Record<string, string>> = {
  "0": "O",
  O: "0",
  "1": "I",
  I: "1",
  "8": "B",
  B: "8",
  "5": "S",
  S: "5",
};

const PLATE_LENGTH = 6;

/** Upper-cases and removes whitespace, dots and dashes (including typographic dashes pasted from documents). */
export function normalisePlate(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-\u2010-\u2015\u2212]/g, "");
}

// What a stored plate consists of, Dutch or foreign: the letters A–Z and the digits. A reading with anything
// else after normalising — a zero-width or right-to-left-override character, NUL, an accented letter — is
// refused at ingestion, not stored: it would look like another car's plate, or hide one.
const PLATE_ALPHABET = /^[A-Z0-9]*$/;

/** The longest plate stored, counted after normalising (no separators): longer than any country issues. */
export const MAX_PLATE_LENGTH = 20;

/**
 * Whether a camera or till reading normalises to the plate alphabet (an empty reading is a no-read), one
 * character for one: a character that upper-cases into several (ß → SS, ﬀ → FF) is refused rather than
 * stored as letters nobody read, and the normalised plate is at most MAX_PLATE_LENGTH long.
 */
export function isPlateReading(raw: string): boolean {
  const normalised = normalisePlate(raw);
  return (
    normalised.length <= MAX_PLATE_LENGTH &&
    PLATE_ALPHABET.test(normalised) &&
    [...raw].every((character) => character.toUpperCase().length === 1)
  );
}

function fitsFormat(plate: string, format: string, letters: string): boolean {
  const kinds = format.replaceAll("-", "");
  if (plate.length !== kinds.length) return false;
  for (let i = 0; i < kinds.length; i++) {
    const allowed = kinds.charAt(i) === "L" ? letters : DIGITS;
    if (!allowed.includes(plate.charAt(i))) return false;
  }
  return true;
}

/**
 * Returns the sidecode (1–14) of a normalised plate, or null when it is not a valid Dutch plate.
 * Expects the output of `normalisePlate` (upper case, no separators).
 */
export function detectSidecode(normalised: string): number | null {
  // Patterns cannot overlap (see SIDECODE_FORMATS), but should one ever be added that does, searching from
  // the newest sidecode down prefers the most recent series, which is the one still being issued.
  for (let sidecode = SIDECODE_FORMATS.length; sidecode >= 1; sidecode--) {
    const format = SIDECODE_FORMATS[sidecode - 1] ?? "";
    const letters = sidecode >= 4 ? LETTERS_SINCE_SIDECODE_4 : ALL_LETTERS;
    if (fitsFormat(normalised, format, letters)) return sidecode;
  }
  return null;
}

/** Adds the dashes of the plate's sidecode ("GBB01B" → "GBB-01-B"); anything without a sidecode is returned as is. */
export function formatPlate(normalised: string): string {
  const sidecode = detectSidecode(normalised);
  if (sidecode === null) return normalised;
  const format = SIDECODE_FORMATS[sidecode - 1] ?? "";
  let formatted = "";
  let next = 0;
  for (const kind of format) {
    if (kind === "-") {
      formatted += "-";
    } else {
      formatted += normalised.charAt(next);
      next++;
    }
  }
  return formatted;
}

/**
 * Corrects camera confusions (0/O, 1/I, 8/B, 5/S) in a normalised reading.
 *
 * A reading that is already a valid Dutch plate is kept, even if swapping a character would give another
 * valid plate. Otherwise every combination of swaps is tried and a correction is accepted only when exactly
 * one combination is a valid Dutch plate; with none or several, the reading is kept unchanged with sidecode
 * null, because guessing would merge different cars.
 */
export function correctPlate(normalised: string): ParsedPlate {
  const sidecode = detectSidecode(normalised);
  if (sidecode !== null) return { plate: normalised, sidecode, corrected: false };
  // Every Dutch sidecode has six characters; this also bounds the search below to 2^6 candidates.
  if (normalised.length !== PLATE_LENGTH) return { plate: normalised, sidecode: null, corrected: false };

  const chars = [...normalised];
  const swappable = chars.flatMap((char, index) => (char in CONFUSABLE ? [index] : []));
  let found: { plate: string; sidecode: number } | null = null;
  let validCount = 0;
  for (let mask = 1; mask < 1 << swappable.length; mask++) {
    const candidate = [...chars];
    swappable.forEach((index, bit) => {
      if (mask & (1 << bit)) candidate[index] = CONFUSABLE[chars[index] ?? ""] ?? "";
    });
    const plate = candidate.join("");
    const candidateSidecode = detectSidecode(plate);
    if (candidateSidecode !== null) {
      validCount++;
      found = { plate, sidecode: candidateSidecode };
    }
  }
  if (validCount === 1 && found !== null) return { ...found, corrected: true };
  return { plate: normalised, sidecode: null, corrected: false };
}

/**
 * Entry point for ingestion and the demo generator: normalises and corrects a camera reading.
 * Returns null only when nothing is left after normalising (no reading). Every other reading is kept,
 * including foreign plates ("BM AB 123" → "BMAB123", sidecode null) and garbage, so that no visit is lost;
 * the sidecode tells whether it is a Dutch plate.
 */
export function parsePlate(raw: string | null): ParsedPlate | null {
  if (raw === null) return null;
  const normalised = normalisePlate(raw);
  if (normalised === "") return null;
  return correctPlate(normalised);
}
