import { readFileSync } from "node:fs";
import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { openingTags, webSourceFiles } from "../../../tests/support/web-sources.ts";
import { cssVariables, theme } from "./theme.ts";

// Every colour a screen names for text (`c="dimmed"`, `c="red"`) or by its shade (`"orange.9"`: a badge's
// fill, a status text), as the browser gets it, against white: WCAG AA asks 4.5:1 of small text, and a filled
// badge's white text on that colour is the same pair. axe checks what a browser test happens to show; a colour
// shown only in some states escaped it: a report's "Bijgewerkt tot …" (orange 8, 3.6:1) appears only while
// new data waits for the refresher, and failed one full browser run in several.

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const overrides: Record<string, string> = cssVariables(merged).light;
const primaryShade =
  typeof merged.primaryShade === "number" ? merged.primaryShade : merged.primaryShade.light;

function variable(name: string): string {
  if (name in overrides) {
    const value = overrides[name];
    const inner = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    return inner ? variable(inner) : value;
  }
  const shade = /^--mantine-color-(\w+)-(\d)$/.exec(name);
  if (shade && shade[1] in merged.colors) return merged.colors[shade[1]][Number(shade[2])];
  throw new Error(`no colour for ${name}`);
}

/** `dimmed`, `red` (the theme's shade) or `orange.9` as the hex colour the page gets. */
function colourOf(token: string): string {
  if (token === "dimmed") return variable("--mantine-color-dimmed");
  const [name, shade] = token.split(".");
  return variable(`--mantine-color-${name}-${shade ?? primaryShade}`);
}

/** Of `#rrggbb` or `rgba(r, g, b, a)`, as WCAG works it out. */
function luminance(colour: string): number {
  const channels = colour.startsWith("rgb")
    ? (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
    : [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  const [r, g, b] = channels.map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** Every colour token the screens use for text or a badge, with a file that uses it. */
function coloursInUse(): Map<string, string> {
  const colourNames = Object.keys(merged.colors).join("|");
  const patterns = [/\bc="([\w.]+)"/g, new RegExp(`"((?:${colourNames})\\.\\d)"`, "g")];
  const found = new Map<string, string>();
  for (const file of webSourceFiles()) {
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns)
      for (const [, token] of text.matchAll(pattern)) found.set(token, file.replace(/^.*src\/web\//, ""));
  }
  return found;
}

describe("text colours", () => {
  it("are worked out as WCAG does (Mantine's dimmed grey 3.3:1, black 21:1)", () => {
    expect(contrastOnWhite(DEFAULT_THEME.colors.gray[6])).toBeCloseTo(3.32, 2);
    expect(contrastOnWhite("#000000")).toBeCloseTo(21, 5);
  });

  it("reach 4.5:1 on white, every one the screens name", () => {
    const colours = coloursInUse();
    // The ones this test was written for: a report's status line, the warning badges, grey hints, errors.
    for (const token of ["orange.9", "dimmed", "red", "teal.9"]) expect(colours.has(token)).toBe(true);
    const tooLight = [...colours]
      .map(([token, file]) => ({ token, file, ratio: contrastOnWhite(colourOf(token)) }))
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ token, file, ratio }) => `${token} (${file}): ${ratio.toFixed(2)}:1`);
    expect(tooLight).toEqual([]);
  });
});

/**
 * The colours of every element drawn in the light variant (`variant="light"`, its `color` or the primary), and
 * the primary itself: the navigation's open page is drawn in it.
 */
function lightVariantColours(): Set<string> {
  const colours = new Set([merged.primaryColor]);
  for (const { attributes } of openingTags()) {
    if (!attributes.includes('variant="light"')) continue;
    colours.add(/\bcolor="(\w+)"/.exec(attributes)?.[1] ?? merged.primaryColor);
  }
  return colours;
}

describe("the light variant (tinted buttons and badges, the open page in the navigation)", () => {
  it("keeps its text at 4.5:1 on its tint and under the mouse, in every colour the screens draw it in", () => {
    const colours = lightVariantColours();
    // The ones this test was written for: the navigation's open page and a tinted button, a red one.
    for (const name of ["blue", "red", "gray"]) expect(colours.has(name)).toBe(true);
    const tooLight = [...colours].flatMap((name) => {
      const text = overrides[`--mantine-color-${name}-light-color`] ?? merged.colors[name][9];
      return [1, 2]
        .map((shade) => ({ shade, ratio: contrast(text, merged.colors[name][shade]) }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ shade, ratio }) => `${name} text on shade ${shade}: ${ratio.toFixed(2)}:1`);
    });
    expect(tooLight).toEqual([]);
  });
});
