import type { CSSProperties } from "react";

// Mantine's error red (red.6) and placeholder grey (gray.5) reach 3.3:1 and 2.6:1 on white; WCAG AA asks
// 4.5:1 for text like field errors and the placeholder Mantine draws as an element (FileInput, Select).
// The app's theme is not the admin's to change, so its screens and modals (portals, outside the screen)
// set these two variables themselves.
export const contrastVariables = {
  "--mantine-color-error": "var(--mantine-color-red-9)",
  "--mantine-color-placeholder": "#6c757d",
} as CSSProperties;
