import "@mantine/dates/styles.css";
import "dayjs/locale/nl";
import { DateInput, type DateInputProps, DatesProvider } from "@mantine/dates";
import { isIsoDate } from "../../shared/reports/dates.ts";

/** What a person types, `21-11-2026` (or `21/11/2026`, `1-3-2026`), as `2026-11-21`; null when it is no date. */
export function parseDutchDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[2].padStart(2, "0")}-${match[1].padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * A date field written the Dutch way (DD-MM-YYYY, weeks from Monday), whatever the browser's language: a
 * native `<input type="date">` shows the browser's format (11/20/2026 under en-US). Value: `YYYY-MM-DD`.
 */
export function DateField({
  value,
  onChange,
  ...props
}: Omit<DateInputProps, "value" | "onChange" | "valueFormat" | "dateParser"> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <DatesProvider settings={{ locale: "nl", firstDayOfWeek: 1 }}>
      <DateInput
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ?? "")}
        valueFormat="DD-MM-YYYY"
        dateParser={parseDutchDate}
        placeholder="DD-MM-JJJJ"
      />
    </DatesProvider>
  );
}
