export { AdminOverviewPage, AdminPage } from "./admin-pages.tsx";
