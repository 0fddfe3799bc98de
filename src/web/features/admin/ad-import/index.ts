export { AdImportPanel } from "./ad-import-panel.tsx";
