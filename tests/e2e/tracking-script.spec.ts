import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { Database } from "../../src/server/db/database.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";
import { expect, test } from "./fixtures.ts";

// The tracking script in a real Chromium, embedded in a website on another origin (another localhost
// port), sending to a Wasbord of its own whose database is read after it has stopped.

const CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let wasbord: WasbordProcess;
let site: Server;
let siteOrigin: string;
let dir: string;

/** The customer's website: the snippet from the README, a link handled by client-side routing, a buy button. */
const page = (wasbordUrl: string) => `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>Wasstraat</title>
<script>window.wasbord = window.wasbord || function () { (wasbord.q = wasbord.q || []).push(arguments); };</script>
<script defer src="${wasbordUrl}/t.js" data-site="wasbord-e2e"></script>
</head><body>
<a id="prijzen" href="/prijzen">Prijzen</a> <button id="koop">Koop een wasbeurt</button>
<script>
  wasbord("experiment", "hero-e2e", "b");
  document.getElementById("prijzen").addEventListener("click", (event) => {
    event.preventDefault();
    history.pushState({}, "", "/prijzen");
  });
  document.getElementById("koop").addEventListener("click", () => wasbord("conversion", { value: 24.95 }));
</script>
</body></html>`;

test.beforeAll(async ({ ports }) => {
  site = createServer((request, response) => {
    response.writeHead(request.url?.startsWith("/favicon") ? 404 : 200, { "content-type": "text/html" });
    response.end(page(wasbord.url));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), "wasbord-e2e-tracking-"));
  wasbord = await startWasbord({
    databasePath: join(dir, "wasbord.duckdb"),
    env: { TRACKING_ORIGINS: siteOrigin, PORT: String(ports.spare[2]), IDP_PORT: String(ports.spare[3]) },
  });
});

test.afterAll(async () => {
  await wasbord?.stop();
  await new Promise((resolve) => site?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves with the statuses of the next `count` collect calls the page makes. */
function collectCalls(page: Page, count: number): Promise<number[]> {
  const statuses: number[] = [];
  return new Promise((resolve) => {
    page.on("response", (response) => {
      if (!response.url().endsWith("/api/collect")) return;
      statuses.push(response.status());
      if (statuses.length === count) resolve(statuses);
    });
  });
}

test.describe("the tracking script on another website", () => {
  test.use({ userAgent: CHROME_UA });

  test("sends a pageview, an experiment exposure, an SPA navigation and a conversion", async ({ page }) => {
    // pageview + queued exposure, then leave + pageview on navigation, then the conversion.
    const calls = collectCalls(page, 5);
    await page.goto(`${siteOrigin}/?gclid=e2e-click`, { referer: "https://www.google.nl/" });
    await expect
      .poll(() => page.evaluate(() => typeof (window as { wasbord?: { loaded?: boolean } }).wasbord?.loaded))
      .toBe("boolean");
    await page.getByRole("link", { name: "Prijzen" }).click();
    await expect(page).toHaveURL(`${siteOrigin}/prijzen`);
    await page.getByRole("button", { name: "Koop een wasbeurt" }).click();
    expect(await calls).toEqual([202, 202, 202, 202, 202]);
  });

  test("sends nothing when the visitor opted out", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("wasbord_ignore", "true"));
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/collect")) sent++;
    });
    await page.goto(`${siteOrigin}/afgemeld`);
    await page.getByRole("button", { name: "Koop een wasbeurt" }).click();
    await page.waitForTimeout(500);
    expect(sent).toBe(0);
  });
});

test.describe("a headless browser that says so", () => {
  test("is dropped as a bot", async ({ page }) => {
    const calls = collectCalls(page, 2);
    await page.goto(`${siteOrigin}/headless`);
    expect(await calls).toEqual([204, 204]);
    // The counts of dropped events are written within a second, and at the latest when Wasbord stops (the
    // next test reads them after that).
  });
});

test.describe("what Wasbord stored (read after it stopped)", () => {
  test("one session from Google Ads with both pages, the exposure and the conversion, and no IP", async () => {
    await wasbord.stop();
    const db = await Database.open(join(dir, "wasbord.duckdb"));
    try {
      expect(
        await db.query(
          "SELECT landing_path, exit_path, pageviews, is_bounce, channel, gclid, hostname FROM web_sessions",
        ),
      ).toEqual([
        {
          landing_path: "/",
          exit_path: "/prijzen",
          pageviews: 2,
          is_bounce: false,
          channel: "Google Ads",
          gclid: "e2e-click",
          hostname: "localhost",
        },
      ]);
      const pages = await db.query<{ path: string; engaged_seconds: number | null }>(
        "SELECT path, engaged_seconds FROM pageviews ORDER BY viewed_at",
      );
      expect(pages.map((p) => p.path)).toEqual(["/", "/prijzen"]);
      expect(
        await db.query(
          "SELECT kind, path, revenue_cents, experiment_key, variant_key FROM web_events ORDER BY occurred_at",
        ),
      ).toEqual([
        { kind: "experiment", path: "/", revenue_cents: null, experiment_key: "hero-e2e", variant_key: "b" },
        {
          kind: "conversion",
          path: "/prijzen",
          revenue_cents: 2495,
          experiment_key: null,
          variant_key: null,
        },
      ]);
      const [counts] = await db.query<{ bots: number }>(
        "SELECT sum(events) FILTER (WHERE outcome = 'bot') AS bots FROM tracking_counts",
      );
      expect(counts.bots).toBeGreaterThanOrEqual(2);
      const [{ text }] = await db.query<{ text: string }>(
        "SELECT string_agg(CAST(s AS VARCHAR), ' ') AS text FROM web_sessions s",
      );
      expect(text).not.toContain("127.0.0.1");
    } finally {
      await db.close();
    }
  });
});
