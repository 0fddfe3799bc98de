import { PAYMENT_METHODS } from "../../../shared/reports/dimensions.ts";
import type { Windowed } from "../sql.ts";

// Dutch names of the values the transaction reports group by, and the kinds of items.

export const paymentMethodLabel = (method: string) =>
  PAYMENT_METHODS.find((known) => known.value === method)?.label ?? method;

/** The 24 local hours of a day as chart categories: `00:00` … `23:00`. */
export const HOURS_OF_DAY = Array.from({ length: 24 }, (_, hour) => ({
  x: `${String(hour).padStart(2, "0")}:00`,
  matches: (row: Windowed & { hour_of_day: number }) => row.hour_of_day === hour,
}));
