import { z } from "zod";

// Validation messages reach people on screen and in API errors: Dutch, configured once for both sides.
z.config(z.locales.nl());

export { z };
