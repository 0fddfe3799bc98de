import { Anchor, Breadcrumbs, Group, Pill, Text } from "@mantine/core";
import { Link } from "react-router";
import { adReportOf } from "../../../shared/reports/ad-reports.ts";
import type { CatalogueEntry } from "../../../shared/reports/catalogue.ts";
import { DIMENSIONS, type DimensionKey, dimensionValueLabel } from "../../../shared/reports/dimensions.ts";
import { type ReportFiltersState, type ReportSearch, reportHref } from "./use-report-filters.ts";

// The dimension filters of a report as removable chips, and where they sit: a breadcrumb from the
// platform down to the filtered row (Facebook › Winteractie › Advertentieset B), each step a link back up.

export function DimensionBar({ entry, filters }: { entry: CatalogueEntry; filters: ReportFiltersState }) {
  const active = entry.dimensions.filter((key) => filters.dimensions[key]);
  if (active.length === 0) return null;
  const ad = adReportOf(entry.id);
  const labelOf = (key: DimensionKey) =>
    key === "ad_group" && ad?.family.adGroupLabel ? ad.family.adGroupLabel : DIMENSIONS[key].label;
  // Each step keeps the period and the filters above it, and opens the level that lists its children.
  const step = (upTo: number): { report: string; search: ReportSearch } => {
    const kept: ReportSearch = { ...filters.search, search: undefined };
    for (const key of entry.dimensions) kept[key] = undefined;
    for (const key of active.slice(0, upTo)) kept[key] = filters.dimensions[key];
    const parent = upTo > 0 ? active[upTo - 1] : null;
    const report = ad
      ? ((parent ? ad.family.drillTo[parent as keyof typeof ad.family.drillTo] : ad.family.path) ?? entry.id)
      : entry.id;
    return { report, search: kept };
  };
  return (
    <Group gap="sm" wrap="wrap" data-testid="dimension-bar">
      <nav aria-label="Kruimelpad">
        <Breadcrumbs separator="›" style={{ flexWrap: "wrap", rowGap: 4 }}>
          {[
            { label: ad?.family.label ?? entry.title, upTo: 0 },
            ...active.map((key, i) => ({
              label: dimensionValueLabel(key, filters.dimensions[key] as string),
              upTo: i + 1,
            })),
          ].map(({ label, upTo }) => {
            if (upTo === active.length) {
              return (
                <Text key={label} size="sm" fw={600}>
                  {label}
                </Text>
              );
            }
            const target = step(upTo);
            return (
              <Anchor key={label} component={Link} to={reportHref(target.report, target.search)} size="sm">
                {label}
              </Anchor>
            );
          })}
        </Breadcrumbs>
      </nav>
      <Group gap={6} wrap="wrap">
        {active.map((key) => (
          <Pill
            key={key}
            withRemoveButton
            // Mantine hides the remove button from the keyboard and screen readers; a filter chip needs it.
            removeButtonProps={{
              "aria-label": `Filter ${labelOf(key).toLowerCase()} weghalen`,
              "aria-hidden": false,
              tabIndex: 0,
            }}
            onRemove={() => filters.update({ [key]: undefined, search: undefined })}
          >
            {labelOf(key)}: {dimensionValueLabel(key, filters.dimensions[key] as string)}
          </Pill>
        ))}
      </Group>
    </Group>
  );
}
