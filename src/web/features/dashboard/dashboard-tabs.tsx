import { Tabs } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";

const TABS = [
  { label: "Vandaag", path: "/dashboard" },
  { label: "Live", path: "/dashboard/live" },
];

/** Vandaag | Live above the dashboard: each tab is its own address, so a wall screen can open Live directly. */
export function DashboardTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.path === pathname.replace(/\/$/, ""))?.path ?? TABS[0].path;
  return (
    <Tabs value={active} onChange={(path) => path && navigate(path)} data-print="hide">
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
