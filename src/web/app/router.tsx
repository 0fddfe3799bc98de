import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import { ADMIN_SECTIONS, navPages, REPORT_SECTIONS } from "../../shared/navigation.ts";
import { requireSignIn } from "../auth/guard.ts";
import { signOut } from "../auth/sign-in.ts";
import { InitialLoad } from "./initial-load.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RootLayout } from "./shell/root-layout.tsx";
import { RouteError } from "./shell/route-error.tsx";

// Each module is one lazy chunk: every route of a module imports the same file.
const adminModule = () => import("../features/admin/index.ts");
const reportsModule = () => import("../features/reports/index.ts");
const dashboardModule = () => import("../features/dashboard/index.ts");
const authModule = () => import("../features/auth/index.ts");

/** `/reports/facebook/ads` → `facebook/ads`, relative to its module. */
const relative = (path: string, module: string) => path.slice(module.length + 1);

const adminPages: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await adminModule()).AdminOverviewPage }) },
  ...navPages(ADMIN_SECTIONS).map((page) => ({
    path: relative(page.path, "/admin"),
    lazy: async () => ({ Component: (await adminModule()).AdminPage }),
  })),
];

const reportPages: RouteObject[] = [
  { index: true, loader: () => redirect(navPages(REPORT_SECTIONS)[0].path) },
  // Begrippen (GLOSSARY_PATH of the metric registry, not imported here: it would weigh on the shell's chunk):
  // the glossary every hint links to, beside the spec's report paths (DESIGN §5 allows additions)
  { path: "begrippen", lazy: async () => ({ Component: (await reportsModule()).GlossaryPage }) },
  ...navPages(REPORT_SECTIONS).map((page) => ({
    path: relative(page.path, "/reports"),
    lazy: async () => {
      const { ReportPage, reportPageLoader } = await reportsModule();
      return { Component: ReportPage, loader: reportPageLoader };
    },
  })),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // What shows while the first page's loaders and lazy chunk load (else the router warns on every load).
    hydrateFallbackElement: <InitialLoad />,
    children: [
      { path: "/", loader: () => redirect("/dashboard") },
      {
        path: "auth",
        children: [
          { path: "callback", lazy: async () => ({ Component: (await authModule()).CallbackPage }) },
        ],
      },
      {
        path: "logout",
        loader: () => {
          signOut();
          return new Promise(() => {});
        },
      },
      {
        path: "dashboard",
        loader: requireSignIn,
        children: [
          { index: true, lazy: async () => ({ Component: (await dashboardModule()).DashboardPage }) },
          { path: "live", lazy: async () => ({ Component: (await dashboardModule()).LivePage }) },
        ],
      },
      {
        path: "admin",
        loader: requireSignIn,
        children: adminPages,
      },
      {
        path: "reports",
        loader: requireSignIn,
        children: reportPages,
      },
      { path: "page-not-found", element: <NotFoundPage /> },
      { path: "*", loader: () => redirect("/page-not-found") },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
