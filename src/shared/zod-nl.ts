import { z } from "zod";

// Validation messages reach people on screen and in API errors: Dutch, configured once for both sides.
z.config(z.locales.nl());

export { z };

// Control characters (U+0000–U+001F, U+007F) have no place in a one-line text: NUL cuts a string short in C
// programs, an escape sequence colours a terminal that shows the log, a tab or line break breaks a CSV.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/**
 * A one-line text field: a string without control characters, checked before anything trims it (a
 * trailing line break is refused, not silently dropped). Chain `.trim()`, `.min()`, `.max()` after it.
 */
export const singleLine = () =>
  z.string().regex(NO_CONTROL_CHARACTERS, {
    message: "Gebruik geen stuurtekens (zoals tab, regeleinde of NUL) in dit veld.",
    // The field's own checks (a plate's alphabet) would only say the same again.
    abort: true,
  });
