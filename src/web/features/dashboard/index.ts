export { DashboardPage } from "./dashboard-page.tsx";
export { LivePage } from "./live/live-page.tsx";
