import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link } from "react-router";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";
import { type ReportFiltersState, reportHref } from "./use-report-filters.ts";

// Where a report for one site sits: "Alle vestigingen › Utrecht Overvecht", the first step back to the same
// report over every site, as a site row's link (breakdown-table.ts, siteTable) led here from it.

export function SiteTrail({
  report,
  envelope,
  filters,
}: {
  report: string;
  envelope: ReportEnvelope | undefined;
  filters: ReportFiltersState;
}) {
  const [site] = envelope?.sites ?? [];
  if (!site || envelope?.sites.length !== 1) return null;
  return (
    <nav aria-label="Vestiging" data-testid="site-trail">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={reportHref(report, { ...filters.search, site: undefined })} size="sm">
          Alle vestigingen
        </Anchor>
        <Text size="sm" fw={600}>
          {site.name}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
