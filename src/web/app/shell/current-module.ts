import { useLocation } from "react-router";

export type ModuleName = "auth" | "admin" | "dashboard" | "reports" | "other";

/** The active module is the first segment of the URL. */
export function moduleOf(pathname: string): ModuleName {
  const first = pathname.split("/")[1] ?? "";
  return first === "auth" || first === "admin" || first === "dashboard" || first === "reports"
    ? first
    : "other";
}

export const useCurrentModule = () => moduleOf(useLocation().pathname);
