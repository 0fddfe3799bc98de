// Automated clients recognised by their user agent. Their events are dropped (and counted) so that crawlers,
// uptime monitors, link previews and headless browsers do not show up as visitors.

const BOT_PATTERN = new RegExp(
  [
    // Declared crawlers, spiders and link-preview fetchers: Googlebot, bingbot, AhrefsBot, facebookexternalhit …
    "bot\\b",
    "bot/",
    "crawl",
    "spider",
    "slurp",
    "scrape",
    "fetch(er)?\\b",
    "facebookexternalhit",
    "embedly",
    "preview",
    "monitor",
    "uptime",
    "pingdom",
    "lighthouse",
    "pagespeed",
    "gtmetrix",
    // Headless and automated browsers announce themselves in the user agent.
    "headless",
    "phantomjs",
    "electron",
    "puppeteer",
    "playwright",
    "selenium",
    "webdriver",
    "cypress",
    // HTTP libraries and command-line tools.
    "^curl/",
    "^wget/",
    "python-",
    "python/",
    "^java/",
    "go-http-client",
    "okhttp",
    "axios/",
    "node-fetch",
    "^node$",
    "undici",
    "httpclient",
    "libwww",
    "^mozilla/\\d\\.\\d$",
  ].join("|"),
  "i",
);

/** True for an empty, implausibly short or automated user agent. */
export function isBot(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? "";
  if (ua.length < 10) return true;
  return BOT_PATTERN.test(ua);
}
