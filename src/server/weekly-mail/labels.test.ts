import { describe, expect, it } from "vitest";
import { ALERT_KPI_LABELS, ALERT_KPI_METRICS, alertKpis } from "../../shared/admin/alerts.ts";
import { metricDefinition, metricLabel } from "../../shared/metrics/registry.ts";
import type { WeeklyFigures } from "./figures.ts";
import { MAIL_METRICS } from "./mail-lines.ts";
import { MEMBER_MAIL_METRICS } from "./member-figures.ts";
import { renderWeeklyMail } from "./render.ts";

// The Monday e-mail and the alert rules name their figures with the metric registry's labels, so that
// "Omzet per auto excl. btw" or "Nieuwe klanten (eerste bezoek)" means on the mail what it means on screen.

const figures = (washes: number) => ({ washes, revenueExVatCents: washes * 1000, newCustomers: 3 });
const WEEK: WeeklyFigures = {
  week: { from: "2026-10-19", to: "2026-10-25", iso: { year: 2026, week: 43 }, lastYearShiftDays: -364 },
  scope: { chain: true, sites: [] },
  current: figures(120),
  previous: figures(100),
  lastYear: figures(90),
  sites: [],
  members: null,
  targets: null,
  days: [],
};

describe("labels outside the report screens", () => {
  it("the Monday e-mail shows each figure with its registered label, in HTML and in text", () => {
    const mail = renderWeeklyMail(WEEK, {
      report: "https://wasbord.test/r",
      unsubscribe: "https://wasbord.test/u",
    });
    expect(MAIL_METRICS.map(metricLabel)).toEqual([
      "Wassen",
      "Omzet excl. btw",
      "Omzet per auto excl. btw",
      "Nieuwe klanten (eerste bezoek)",
    ]);
    for (const label of MAIL_METRICS.map(metricLabel)) {
      expect(mail.text).toContain(`${label}:`);
      expect(mail.html).toContain(label);
    }
    // the VAT basis of revenue per car is said, never the dashboard's incl.-VAT label
    expect(mail.text).not.toContain(metricLabel("revenue_per_car"));
    expect(mail.text).toContain(metricDefinition("revenue_per_car_ex_vat").definition);
  });

  it("an alert rule's KPI is a registered figure, under its registered label", () => {
    for (const kpi of alertKpis) {
      expect(ALERT_KPI_LABELS[kpi]).toBe(metricLabel(ALERT_KPI_METRICS[kpi]));
      expect(metricDefinition(ALERT_KPI_METRICS[kpi]).elsewhere).toContain("alerts");
    }
    for (const key of [...MAIL_METRICS, ...MEMBER_MAIL_METRICS])
      expect(metricDefinition(key).elsewhere).toContain("weekly-mail");
  });
});
