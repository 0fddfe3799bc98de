import type { ComponentType } from "react";
import { Navigate, useLocation } from "react-router";
import { navPages, pageTitle, REPORT_SECTIONS } from "../../../shared/navigation.ts";
import { authHeader } from "../../auth/auth-header.ts";
import { reportQuery, reportSearch } from "../../components/reports/report-query.ts";
import { ReportView } from "../../components/reports/report-view.tsx";
import { searchOf } from "../../components/reports/use-report-filters.ts";
import { queryClient } from "../../lib/query-client.ts";
import { REPORT_DECLARATIONS } from "./declarations/index.ts";
import { ExperimentsPage } from "./experiments/experiments-page.tsx";

// Screens that are not a declaration over the shared report view (DESIGN §5: bespoke for experiments).
const BESPOKE: Record<string, ComponentType<{ title: string }>> = {
  "/reports/experiments": ExperimentsPage,
};

/**
 * The page of a report path of the navigation: its bespoke screen or its declared report (the catalogue test
 * checks every path has one); any other path is not a report.
 */
export function ReportPage() {
  const { pathname } = useLocation();
  const entry = navPages(REPORT_SECTIONS).find((page) => page.path === pathname);
  const title = entry ? pageTitle(entry) : "Rapport";
  const Bespoke = BESPOKE[pathname];
  if (Bespoke) return <Bespoke title={title} />;
  const declaration = REPORT_DECLARATIONS[pathname];
  if (declaration) return <ReportView key={pathname} title={title} declaration={declaration} />;
  return <Navigate to="/page-not-found" replace />;
}

/**
 * Route loader of a report path: asks for the report, and for the chunk of its bespoke part, as the
 * navigation starts, not once its screen has rendered and mounted (about 200 ms later on a 2-core machine),
 * without holding the navigation up. The screen then finds both under way.
 */
export function reportPageLoader({ request }: { request: Request }): null {
  const url = new URL(request.url);
  const declaration = REPORT_DECLARATIONS[url.pathname];
  if (declaration && authHeader.has()) {
    void queryClient.prefetchQuery(
      reportQuery(declaration.id, reportSearch(declaration, searchOf(url.searchParams))),
    );
    declaration.extra?.preload?.();
  }
  return null;
}
