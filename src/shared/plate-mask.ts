import { detectSidecode, formatPlate, normalisePlate } from "./plates.ts";

// Plates are personal data (AVG): an analist sees them masked, a beheerder whole. Both sides use these rules:
// the server masks report rows by role, the web app recognises a pseudonym.

/** Characters kept visible: with the sidecode's dashes they show the plate's pattern, not the car. */
const VISIBLE = 3;
const HIDDEN = "•";

/**
 * A plate whose reads are older than the retention period is replaced by a keyed hash (`#` + 16 hex
 * characters, see src/server/privacy/pseudonym.ts). No normalised plate starts with `#`.
 */
export const PSEUDONYM_PATTERN = /^#[0-9a-f]{16}$/;
export const isPseudonym = (value: string) => PSEUDONYM_PATTERN.test(value);

/**
 * "GF-12-KL" (or "GF12KL") → "GF-1•-••": the first characters and the sidecode's dashes stay. Foreign and
 * unreadable plates keep two characters and no dashes; a pseudonym is not a plate and stays as it is.
 */
export function maskPlate(value: string): string {
  if (isPseudonym(value)) return value;
  const plate = normalisePlate(value);
  const dutch = detectSidecode(plate) !== null;
  const shown = dutch ? formatPlate(plate) : plate;
  const keep = dutch ? VISIBLE : 2;
  let seen = 0;
  return [...shown].map((char) => (char === "-" ? char : seen++ < keep ? char : HIDDEN)).join("");
}
