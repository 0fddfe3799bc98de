export { ReportPage, reportPageLoader } from "./report-pages.tsx";
