export { ReportPage } from "./report-pages.tsx";
