import "@mantine/dates/styles.css";
import "dayjs/locale/nl";
import { Group, MultiSelect, Pill, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { CatalogueEntry } from "../../../shared/reports/catalogue.ts";
import { DIMENSIONS, type DimensionKey, PAYMENT_METHODS } from "../../../shared/reports/dimensions.ts";
import type { ReportsIndex } from "../../../shared/reports/envelope.ts";
import {
  COMPARISON_LABELS,
  COMPARISONS,
  coarsest,
  effectiveGranularity,
  finestMessage,
  GRANULARITIES,
  GRANULARITY_LABELS,
  granularityAllowed,
  MAX_HOUR_DAYS,
  PERIOD_LABELS,
  PERIOD_PRESETS,
  type PeriodPreset,
} from "../../../shared/reports/filters.ts";
import type { ReportDeclaration } from "./declaration.ts";
import { reportsIndexQuery } from "./report-query.ts";
import type { ReportFiltersState } from "./use-report-filters.ts";

/**
 * The choices of a dimension filter the bar offers as a list: payment methods and channels are fixed, the
 * programmes come from the index. Null for the others (campaign, page …), which a table row's link sets.
 */
function dimensionChoices(key: DimensionKey, index: ReportsIndex | undefined) {
  if (key === "payment_method") return PAYMENT_METHODS.map(({ value, label }) => ({ value, label }));
  if (key === "channel") return DIMENSIONS.channel.value.options.map((value) => ({ value, label: value }));
  if (key === "programme") {
    return (index?.programmes ?? []).map((programme) => ({
      value: programme.code,
      label: programme.active ? programme.name : `${programme.name} (niet meer verkocht)`,
    }));
  }
  return null;
}

/**
 * The controls every report shares: period (presets or a custom range), comparison, granularity, sites
 * (several at once) and the dimension filters with a list of choices.
 * Every change goes into the URL (a new history entry), so Back returns to the previous view.
 */
export function FilterBar({
  filters,
  offer,
  entry,
  children,
}: {
  filters: ReportFiltersState;
  offer: ReportDeclaration["filters"];
  /**
   * What the report accepts: its finest granularity, whether it has buckets at all (else no granularity
   * control), whether the site filter applies, its dimensions.
   */
  entry: Pick<CatalogueEntry, "finest" | "bucketed" | "site" | "dimensions">;
  /** Controls after the filters (the saved views). */
  children?: ReactNode;
}) {
  const offered = { period: true, comparison: true, granularity: true, ...offer };
  const show = { ...offered, granularity: offered.granularity && entry.bucketed };
  const index = useQuery(reportsIndexQuery);
  const [choosingRange, setChoosingRange] = useState(false);
  const preset: PeriodPreset = choosingRange ? "custom" : filters.period.preset;
  const [range, setRange] = useState<[string | null, string | null]>([
    filters.period.from,
    filters.period.to,
  ]);

  const choosePreset = (value: string | null) => {
    if (value === "custom") {
      setRange([filters.period.from, filters.period.to]);
      setChoosingRange(true);
      return;
    }
    setChoosingRange(false);
    filters.update({
      period: value === "last-30-days" ? undefined : (value ?? undefined),
      from: undefined,
      to: undefined,
    });
  };

  const chooseRange = (value: [string | null, string | null]) => {
    setRange(value);
    if (value[0] && value[1]) {
      setChoosingRange(false);
      filters.update({ period: undefined, from: value[0], to: value[1] });
    }
  };

  return (
    <DatesProvider settings={{ locale: "nl", firstDayOfWeek: 1 }}>
      <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filters van het rapport">
        {show.period && (
          <Select
            label="Periode"
            data={PERIOD_PRESETS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
            value={preset}
            onChange={choosePreset}
            allowDeselect={false}
            w={180}
          />
        )}
        {show.period && preset === "custom" && (
          <DatePickerInput
            type="range"
            label="Van – tot en met"
            value={choosingRange ? range : [filters.period.from, filters.period.to]}
            onChange={chooseRange}
            valueFormat="DD-MM-YYYY"
            allowSingleDateInRange
            w={250}
          />
        )}
        {show.comparison && (
          <Select
            label="Vergelijken met"
            data={COMPARISONS.map((value) => ({ value, label: COMPARISON_LABELS[value] }))}
            value={filters.compare}
            onChange={(value) =>
              filters.update({ compare: value === "previous" ? undefined : (value ?? undefined) })
            }
            allowDeselect={false}
            w={180}
          />
        )}
        {show.granularity && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="granularity-label">
              Per
            </Text>
            <SegmentedControl
              aria-labelledby="granularity-label"
              data={GRANULARITIES.map((value) => ({
                value,
                label: GRANULARITY_LABELS[value],
                disabled:
                  !granularityAllowed(value, filters.period) || coarsest(value, entry.finest) !== value,
              }))}
              value={effectiveGranularity(filters.granularity, filters.period, entry.finest)}
              onChange={(value) => filters.update({ granularity: value })}
              title={
                entry.finest !== "hour"
                  ? finestMessage(entry.finest)
                  : granularityAllowed("hour", filters.period)
                    ? undefined
                    : `Per uur kan bij een periode van hoogstens ${MAX_HOUR_DAYS} dagen.`
              }
            />
          </Stack>
        )}
        {entry.site ? (
          <MultiSelect
            label="Vestigingen"
            placeholder={filters.sites.length ? undefined : "Alle vestigingen"}
            data={(index.data?.sites ?? []).map((site) => ({
              value: site.code,
              label: site.active ? site.name : `${site.name} (gesloten)`,
            }))}
            value={filters.sites}
            onChange={(codes) => filters.update({ site: codes.join(",") || undefined })}
            // A chip per site; Mantine hides a chip's remove button from the keyboard and screen readers.
            renderPill={({ option, value, onRemove }) => (
              <Pill
                withRemoveButton
                onRemove={onRemove}
                removeButtonProps={{
                  "aria-label": `Vestiging ${option?.label ?? value} weghalen`,
                  "aria-hidden": false,
                  tabIndex: 0,
                }}
              >
                {option?.label ?? value}
              </Pill>
            )}
            searchable
            clearable
            nothingFoundMessage="Geen vestiging gevonden"
            miw={220}
            maw="100%"
            style={{ flex: "0 1 340px" }}
          />
        ) : (
          <Text size="sm" c="dimmed" maw={260} data-testid="no-site-filter">
            De vestigingsfilter geldt hier niet: deze gegevens horen bij geen vestiging.
          </Text>
        )}
        {entry.dimensions.map((key) => {
          const data = dimensionChoices(key, index.data);
          return (
            data && (
              <Select
                key={key}
                label={DIMENSIONS[key].label}
                placeholder="Alle"
                data={data}
                value={filters.dimensions[key] ?? null}
                onChange={(value) => filters.update({ [key]: value ?? undefined, search: undefined })}
                clearable
                w={180}
              />
            )
          );
        })}
        {children}
      </Group>
    </DatesProvider>
  );
}
