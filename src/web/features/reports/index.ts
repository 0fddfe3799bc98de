export { GlossaryPage } from "./glossary/glossary-page.tsx";
export { ReportPage, reportPageLoader } from "./report-pages.tsx";
