import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { ADMIN_OVERVIEW, ADMIN_SECTIONS, navPages, pageTitle } from "../../../shared/navigation.ts";
import { AlertsPage } from "./alerts/alerts-page.tsx";
import { ConnectionsPage } from "./connections/connections-page.tsx";
import { ExperimentsPage } from "./experiments/experiments-page.tsx";
import { ItemsPage } from "./items/items-page.tsx";
import { MailPage } from "./mail/mail-page.tsx";
import { OverviewPage } from "./overview/overview-page.tsx";
import { PrivacyPage } from "./privacy/privacy-page.tsx";
import { PromotionsPage } from "./promotions/promotions-page.tsx";
import { ReportTokensPage } from "./report-tokens/report-tokens-page.tsx";
import { SitesPage } from "./sites/sites-page.tsx";
import { SubscriptionsPage } from "./subscriptions/subscriptions-page.tsx";
import { TargetsPage } from "./targets/targets-page.tsx";
import { UsersPage } from "./users/users-page.tsx";
import { WeatherPage } from "./weather/weather-page.tsx";

// The router gives every admin path of the navigation this module's AdminPage; the path picks the screen.
const screens: Record<string, ComponentType<{ title: string }>> = {
  "/admin/users": UsersPage,
  "/admin/items": ItemsPage,
  "/admin/promotions": PromotionsPage,
  "/admin/sites": SitesPage,
  "/admin/connections": ConnectionsPage,
  "/admin/privacy": PrivacyPage,
  "/admin/experiments": ExperimentsPage,
  "/admin/mail": MailPage,
  "/admin/subscriptions": SubscriptionsPage,
  "/admin/alerts": AlertsPage,
  "/admin/api-tokens": ReportTokensPage,
  "/admin/weather": WeatherPage,
  "/admin/targets": TargetsPage,
};

export function AdminOverviewPage() {
  return <OverviewPage title={pageTitle(ADMIN_OVERVIEW)} />;
}

/** The screen of an admin path of the navigation. */
export function AdminPage() {
  const { pathname } = useLocation();
  const entry = navPages(ADMIN_SECTIONS).find((page) => page.path === pathname);
  const Screen = entry && screens[entry.path];
  if (!entry || !Screen) return <AdminOverviewPage />;
  return <Screen title={pageTitle(entry)} />;
}
