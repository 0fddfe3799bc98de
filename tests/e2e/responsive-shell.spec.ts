import type { Locator, Page } from "@playwright/test";
import {
  ADMIN_OVERVIEW,
  ADMIN_SECTIONS,
  type NavSection,
  navPages,
  pageTitle,
  REPORT_SECTIONS,
} from "../../src/shared/navigation.ts";
import { expect, test } from "./fixtures.ts";
import { expectSettled, saveScreen } from "./reports-support.ts";
import { ADMIN_LINKS, REPORT_GROUPS, REPORT_LINKS } from "./spec-navigation.ts";
import { expectAccessible, expectHeader, expectNoSidewaysScroll } from "./support.ts";

test.use({ signedIn: true });
// The pages only read: each test may run on either worker (each has a server of its own).
test.describe.configure({ mode: "parallel" });

// The shell on a laptop and on a phone: every page of both navigations is reached by clicking (on the phone
// through the burger, which closes again after the choice), no page scrolls sideways, the header's links stay
// in the window, and axe finds nothing serious (every page on the laptop, a few on the phone). The spec's own
// labels and paths are checked in navigation.spec.ts; the tours follow the navigation tables.

const SIZES = [
  { name: "laptop", width: 1366, height: 768, phone: false },
  { name: "phone", width: 390, height: 844, phone: true },
] as const;

const reportsNav = (page: Page) => page.getByRole("navigation", { name: "Rapportagemenu" });
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Beheermenu" });
const burger = (page: Page) => page.getByRole("button", { name: /^Menu (openen|sluiten)$/ });

interface Stop {
  path: string;
  title: string;
  /** The entry whose sub-entries hold the page, opened first if it is closed. */
  group?: string;
}

/** A section's pages in the order the navigation shows them. */
const stopsOf = (section: NavSection): Stop[] =>
  section.entries.flatMap((entry) =>
    (entry.children ?? [entry]).map((page) => ({
      path: page.path,
      title: pageTitle(page),
      group: entry.children ? entry.label : undefined,
    })),
  );

async function expectHeaderInWindow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const header = page.getByRole("navigation", { name: "Hoofdmenu" });
  for (const name of ["Dashboard", "Rapportage", "Instellingen", "Logout"]) {
    const link = header.getByRole("link", { name });
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = await link.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
  }
}

/** Clicks a navigation entry the way a person would at this size, and checks where it lands. */
async function choose(page: Page, nav: Locator, phone: boolean, stop: Stop) {
  if (phone) {
    await expect(nav).not.toBeInViewport();
    await burger(page).click();
    await expect(burger(page)).toHaveAccessibleName("Menu sluiten");
  }
  await expect(nav).toBeInViewport();
  if (stop.group) {
    const toggle = nav.getByRole("button", { name: stop.group, exact: true });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
  await nav.locator(`a[href="${stop.path}"]`).click();
  await expect(page).toHaveURL(stop.path);
  // The new page's own heading: the address changes at the click, but the page before stays on screen until
  // the new one has rendered, and a burger opened meanwhile is closed again when it does.
  await expect(page.getByRole("heading", { level: 1, name: stop.title, exact: true })).toBeVisible({
    timeout: 20_000,
  });
  if (phone) {
    await expect(burger(page)).toHaveAccessibleName("Menu openen");
    await expect(nav).not.toBeInViewport();
  }
  await expectSettled(page);
  await expectNoSidewaysScroll(page, stop.path);
}

/**
 * Opens `start` and clicks through `stops`; on the laptop each page also gets an accessibility scan. 3–10 s a
 * page on a quiet machine with its scan, twice that and more on a loaded one.
 */
async function tour(page: Page, size: (typeof SIZES)[number], start: string, nav: Locator, stops: Stop[]) {
  test.setTimeout(30_000 * stops.length);
  await page.goto(start);
  // The navigation appears once the account is known: beside the page on a laptop, behind the burger on a phone.
  if (size.phone) await expect(burger(page)).toBeVisible({ timeout: 20_000 });
  else await expect(nav).toBeInViewport({ timeout: 20_000 });
  await expect(burger(page)).toHaveCount(size.phone ? 1 : 0);
  await expectHeader(page);
  await expectHeaderInWindow(page);
  for (const stop of stops) {
    await choose(page, nav, size.phone, stop);
    if (!size.phone) await expectAccessible(page);
  }
}

const ADMIN_STOPS: Stop[] = [
  { path: ADMIN_OVERVIEW.path, title: pageTitle(ADMIN_OVERVIEW) },
  ...ADMIN_SECTIONS.flatMap(stopsOf),
];

test("the tours reach every page of both navigations, the spec's among them", () => {
  const reports = REPORT_SECTIONS.flatMap(stopsOf).map((stop) => stop.path);
  expect(reports).toEqual(navPages(REPORT_SECTIONS).map((entry) => entry.path));
  expect(reports).toHaveLength(32);
  for (const [, path] of [...REPORT_LINKS, ...REPORT_GROUPS.flatMap(([, children]) => children)]) {
    expect(reports).toContain(path);
  }
  const admin = ADMIN_STOPS.map((stop) => stop.path);
  expect(admin).toEqual(["/admin", ...navPages(ADMIN_SECTIONS).map((entry) => entry.path)]);
  for (const [, path] of ADMIN_LINKS) expect(admin).toContain(path);
});

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    // One test per section, so that the sections share the workers.
    for (const section of REPORT_SECTIONS) {
      test(`every page under ${section.label} is reached by clicking${size.phone ? "" : " and passes axe"}, and none scrolls sideways`, async ({
        page,
      }) => {
        // Begrippen, under Rapportage but in no section: every page of the tour is reached by a click.
        await tour(page, size, "/reports/begrippen", reportsNav(page), stopsOf(section));
        await expect(page.getByRole("link", { name: "Rapportage" })).toHaveAttribute("aria-current", "page");
      });
    }

    test(`every admin screen is reached by clicking${size.phone ? "" : " and passes axe"}, and none scrolls sideways`, async ({
      page,
    }) => {
      await tour(page, size, "/admin/users", adminNav(page), ADMIN_STOPS);
      await expect(page.getByRole("link", { name: "Instellingen" })).toHaveAttribute("aria-current", "page");
    });

    test("dashboard, a wide report and an admin list fit the window and pass axe", async ({ page }) => {
      test.setTimeout(180_000);
      const screens = [
        ["/dashboard", "dashboard"],
        ["/reports/users-recognition", "users-recognition"],
        ["/admin/items", "admin-items"],
      ];
      for (const [path, name] of screens) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
        await expectSettled(page);
        await expectNoSidewaysScroll(page, path);
        await expectHeaderInWindow(page);
        await expectAccessible(page);
        await saveScreen(page, `shell-${name}-${size.width}`);
      }
      if (size.phone) {
        await burger(page).click();
        await expect(adminNav(page)).toBeInViewport();
        await expectAccessible(page);
        await saveScreen(page, `shell-menu-open-${size.width}`);
      }
    });
  });
}

test.describe("at 360×740, the narrowest phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the header keeps Dashboard, Rapportage, Instellingen and Logout in the window", async ({ page }) => {
    for (const path of ["/dashboard", "/reports/trx-sales", "/admin"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expectHeaderInWindow(page);
      await expect(page.getByTestId("account-text")).toBeVisible();
      await expectSettled(page);
      await expectNoSidewaysScroll(page, path);
    }
  });
});

test.describe("on a phone, the folded navigation", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is out of the tab order until the burger opens it", async ({ page }) => {
    await page.goto("/reports/users-recognition");
    await expect(burger(page)).toBeVisible({ timeout: 20_000 });
    await expectSettled(page);
    const inSideNav = () => page.evaluate(() => !!document.activeElement?.closest("#side-nav"));
    // From the top of the page through the header and into the report: never a link of the folded menu.
    await page.locator("body").focus();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await inSideNav(), `tab ${i + 1}`).toBe(false);
    }
    // Opened, its links are the next stops after the header.
    await burger(page).focus();
    await page.keyboard.press("Enter");
    await expect(reportsNav(page)).toBeInViewport();
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await inSideNav();
    }
    expect(reached).toBe(true);
  });
});
