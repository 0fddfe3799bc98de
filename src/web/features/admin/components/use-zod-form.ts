import { type ChangeEvent, useState } from "react";
import type { z } from "zod";
import { ApiRequestError, type FieldError } from "../../../lib/http.ts";

export type FieldErrors = Partial<Record<string, string>>;

/** A form shows errors per field: `itemIds[1]` and `itemIds` both belong to the field `itemIds`. */
const fieldOf = (path: string) => path.split(/[.[]/)[0];

function byField(fields: FieldError[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of fields) errors[fieldOf(path)] ??= message;
  return errors;
}

type TextChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;

/**
 * Form state checked with the same zod schema the endpoint uses: the form shows the schema's Dutch
 * message beside each field before sending, and maps the server's field errors (`fields[].path`) back onto
 * the same fields afterwards.
 */
export function useZodForm<V extends object>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ApiRequestError | null>(null);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return {
    values,
    errors,
    /** The error of the whole form: a conflict, a stale version, a server failure. */
    formError,
    set,
    /** Value, error and change handler of a TextInput or Textarea. */
    text: <K extends keyof V>(key: K) => ({
      value: String(values[key] ?? ""),
      error: errors[key as string],
      onChange: (event: TextChange) => set(key, event.currentTarget.value as V[K]),
    }),
    /** Value, error and change handler of a Select; clearing it stores null. */
    choice: <K extends keyof V>(key: K) => ({
      value: values[key] ?? null,
      error: errors[key as string],
      onChange: (value: V[K] | null) => set(key, value as V[K]),
    }),
    /** True when `schema` accepts the values; otherwise the fields show why. */
    validate(schema: z.ZodType): boolean {
      const result = schema.safeParse(values);
      const issues = result.success ? [] : result.error.issues;
      setErrors(
        byField(issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }))),
      );
      setFormError(null);
      return result.success;
    },
    fail(error: unknown) {
      const failure =
        error instanceof ApiRequestError
          ? error
          : new ApiRequestError(0, "unknown", "Er ging iets mis. Probeer het opnieuw.");
      setErrors(byField(failure.fields));
      setFormError(failure);
    },
    reset(next: V) {
      setValues(next);
      setErrors({});
      setFormError(null);
    },
  };
}

export type ZodForm<V extends object> = ReturnType<typeof useZodForm<V>>;
