import type { ImportError } from "../../shared/imports.ts";
import { ApiError } from "../http/errors.ts";

// An imported file is stored whole or not at all: the refusals every import answers with, one wording.

/** A file with errors: each with its line and field, as the preview listed them. */
export const importHasErrors = (errors: ImportError[]) =>
  new ApiError(
    422,
    "import_has_errors",
    "Het bestand bevat fouten; er is niets geïmporteerd. Verbeter de regels en probeer het opnieuw.",
    errors.map((error) => ({ path: error.field, message: error.message, row: error.row })),
  );

export const importEmpty = () =>
  new ApiError(422, "import_empty", "Het bestand bevat geen rijen om te importeren.");
