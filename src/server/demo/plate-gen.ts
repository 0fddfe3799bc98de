import { cumulative, type Random } from "./random.ts";

// Licence plates as they drive around: Dutch plates of the sidecodes still on the road, weighted roughly by
// how many cars of each registration era are washed, plus a few foreign cars; and the mistakes cameras make.

const ALL_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LETTERS_SINCE_4 = "BDFGHJKLMNPRSTVWXYZ";
const DIGITS = "0123456789";

// L/D patterns of sidecodes 1–14 with the dashes removed (index + 1 = sidecode).
const PATTERNS = [
  "LLDDDD",
  "DDDDLL",
  "DDLLDD",
  "LLDDLL",
  "LLLLDD",
  "DDLLLL",
  "DDLLLD",
  "DLLLDD",
  "LLDDDL",
  "LDDDLL",
  "LLLDDL",
  "DLLDDD",
  "DDDLLD",
  "LDDLLL",
];
// Share of washed cars per sidecode: few old-timers, most cars from sidecodes 5–10.
const SIDECODE_WEIGHTS = cumulative([0.3, 0.3, 0.4, 2, 8, 12, 17, 15, 17, 14, 9, 2, 1.5, 0.5]);

function dutchPlate(rng: Random): string {
  const sidecode = rng.weighted(SIDECODE_WEIGHTS) + 1;
  const letters = sidecode >= 4 ? LETTERS_SINCE_4 : ALL_LETTERS;
  let plate = "";
  for (const kind of PATTERNS[sidecode - 1]) {
    plate += kind === "L" ? letters[rng.int(letters.length)] : DIGITS[rng.int(10)];
  }
  return plate;
}

/** German ("B AB 1234") or Belgian ("1-ABC-234") plates, as a camera would read them. */
function foreignPlate(rng: Random): string {
  const letter = () => ALL_LETTERS[rng.int(26)];
  const digit = () => DIGITS[rng.int(10)];
  if (rng.chance(0.6))
    return `${rng.pick(["B", "K", "D", "E", "BOR", "KLE"])} ${letter()}${letter()} ${digit()}${digit()}${digit()}`;
  return `${rng.int(2) + 1}-${letter()}${letter()}${letter()}-${digit()}${digit()}${digit()}`;
}

/** A camera reading of a new car: mostly Dutch plates with dashes as printed, 2 % foreign. */
export function newPlateReading(rng: Random): string {
  return rng.chance(0.02) ? foreignPlate(rng) : dutchPlate(rng);
}

const CONFUSIONS: Record<string, string> = {
  "0": "O",
  O: "0",
  "1": "I",
  I: "1",
  "8": "B",
  B: "8",
  "5": "S",
  S: "5",
};

/** Whether a camera can misread the plate (`misread` then takes a draw). */
export function canMisread(plate: string): boolean {
  for (const character of plate) if (character in CONFUSIONS) return true;
  return false;
}

/** The plate misread the way cameras do: one of 0/O, 1/I, 8/B, 5/S swapped, if it has one. */
export function misread(rng: Random, plate: string): string {
  const positions: number[] = [];
  for (let i = 0; i < plate.length; i++) if (plate[i] in CONFUSIONS) positions.push(i);
  if (positions.length === 0) return plate;
  const at = rng.pick(positions);
  return plate.slice(0, at) + CONFUSIONS[plate[at]] + plate.slice(at + 1);
}

/** PC4 areas with weights, expanded for drawing: one entry per postcode of every range. */
export class PostcodeArea {
  private readonly codes: string[] = [];
  private readonly weights: number[];

  constructor(ranges: [number, number, number][]) {
    const weights: number[] = [];
    for (const [from, to, weight] of ranges) {
      for (let code = from; code <= to; code++) {
        this.codes.push(String(code));
        weights.push(weight / (to - from + 1));
      }
    }
    this.weights = cumulative(weights);
  }

  draw(rng: Random): string {
    return this.codes[rng.weighted(this.weights)];
  }
}
