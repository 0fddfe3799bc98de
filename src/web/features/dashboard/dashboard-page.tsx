import {
  DASHBOARD_EXPECTED,
  DASHBOARD_FIGURES,
  DASHBOARD_TARGETS,
} from "../../../shared/reports/dashboard-figures.ts";
import { declareReport } from "../../components/reports/declaration.ts";
import { ReportView } from "../../components/reports/report-view.tsx";
import { DashboardTabs } from "./dashboard-tabs.tsx";

const dashboard = declareReport({
  id: "dashboard",
  intro:
    "Vandaag en deze week tot nu, vergeleken met dezelfde tijd gisteren en vorige week. Website en advertenties gelden voor de hele keten.",
  filters: { period: false, comparison: false, granularity: false },
  kpis: [
    { title: "Vandaag", keys: DASHBOARD_FIGURES.map((key) => `today_${key}`), comparisonLabel: "gisteren" },
    { title: "Verwacht vandaag", keys: [...DASHBOARD_EXPECTED], compared: false },
    { title: "Doel deze maand", keys: [...DASHBOARD_TARGETS], compared: false },
    {
      title: "Deze week",
      keys: DASHBOARD_FIGURES.map((key) => `week_${key}`),
      comparisonLabel: "vorige week",
    },
  ],
  charts: [
    {
      title: "Wassen per uur vandaag",
      series: ["today_washes"],
      kind: "bar",
      half: true,
      comparisonLabel: "gisteren",
    },
    {
      title: "Wassen per dag deze week",
      series: ["week_washes"],
      kind: "bar",
      half: true,
      comparisonLabel: "vorige week",
    },
  ],
  tables: ["sites_today", "sites_week", "freshness"],
  // Left open on a screen in the office: new figures once a minute, none while the tab is hidden.
  refreshEvery: 60_000,
  // The freshness table matters most when nothing comes in: the dashboard is never "empty".
  isEmpty: () => false,
});

export function DashboardPage() {
  return (
    <>
      <DashboardTabs />
      <ReportView title="Dashboard" declaration={dashboard} />
    </>
  );
}
