import { type CSSVariablesResolver, createTheme, darken } from "@mantine/core";

// The app's colours: Mantine's theme with the shades that keep text readable (WCAG AA, 4.5:1) on white.
// theme.test.ts holds every colour the screens name for text or a badge to that.

export const theme = createTheme({
  primaryColor: "blue",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "sm",
  // Shade 8 keeps links and buttons above the WCAG AA contrast ratio on white (shade 6 is 3.6:1).
  primaryShade: { light: 8, dark: 5 },
  // Page titles shrink with the window: on a phone a report's name fits on a line or two, not one word each.
  headings: { sizes: { h1: { fontSize: "clamp(1.5rem, 1.1rem + 1.6vw, 2.125rem)" } } },
});

// Mantine's dimmed grey (3.3:1), error red (3.3:1) and placeholder grey (2.6:1) fall below WCAG AA's 4.5:1
// on white; darker shades read the same and pass. Teal 9, the colour of a good change, is 4.50:1 on a hovered
// table row (gray 1): a shade darker keeps it readable there (5.9:1). Orange 8, a warning's colour, is 3.6:1:
// orange 9 is made dark enough for small text (6.3:1), for badges and for a report's "Bijgewerkt tot" alike.
// The light variant (a tinted button, the open page in the navigation) writes shade 9 on shade 1, and on
// shade 2 under the mouse: blue 4.0:1 and red 3.8:1 there, so the entry just clicked failed while the mouse
// rested on it. Its text is a little darker for the tinted colours the screens use (5.1:1 and 4.8:1).
const TINTED_COLOURS = ["blue", "red"] as const;

export const cssVariables: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-placeholder": "#6c757d",
    "--mantine-color-teal-9": "#066a4c",
    "--mantine-color-orange-9": "#a63f00",
    ...Object.fromEntries(
      TINTED_COLOURS.map((name) => [
        `--mantine-color-${name}-light-color`,
        darken(resolved.colors[name][9], 0.15),
      ]),
    ),
  },
  dark: {},
});
