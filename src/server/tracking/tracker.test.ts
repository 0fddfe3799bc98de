import { readFileSync } from "node:fs";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { collectPayloadSchema } from "../../shared/collect";

const source = readFileSync(new URL("./tracker.js", import.meta.url), "utf8");

interface Sent {
  via: "beacon" | "fetch";
  endpoint: string;
  contentType?: string;
  init?: RequestInit;
  body: Promise<string>;
}

interface FakeOptions {
  href?: string;
  referrer?: string;
  doNotTrack?: string;
  ignoreFlag?: string | null;
  beacon?: boolean;
  queued?: unknown[][];
}

/** Just enough of a browser to run the script: records what it sends instead of sending it. */
function runTracker(options: FakeOptions = {}) {
  const sent: Sent[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  const on = (type: string, fn: () => void) => {
    listeners[type] = [...(listeners[type] ?? []), fn];
  };
  const fire = (type: string) => {
    for (const fn of listeners[type] ?? []) fn();
  };
  const cookieWrites: string[] = [];
  const storageWrites: string[] = [];
  const clock = { now: 1_800_000_000_000 };
  const location = { href: options.href ?? "https://www.wasbord.nl/", hostname: "www.wasbord.nl" };
  const document = {
    currentScript: {
      src: "https://app.wasbord.example/t.js",
      getAttribute: (name: string) => (name === "data-site" ? "wasbord.nl" : null),
    },
    referrer: options.referrer ?? "",
    visibilityState: "visible",
    addEventListener: on,
    querySelector: () => null,
    set cookie(value: string) {
      cookieWrites.push(value);
    },
  };
  const history = {
    pushState: (_state: unknown, _title: string, url: string) => {
      location.href = new URL(url, location.href).href;
    },
    replaceState: (_state: unknown, _title: string, url: string) => {
      location.href = new URL(url, location.href).href;
    },
  };
  const navigator: Record<string, unknown> = { doNotTrack: options.doNotTrack ?? null };
  if (options.beacon !== false) {
    navigator.sendBeacon = (endpoint: string, blob: Blob) => {
      sent.push({ via: "beacon", endpoint, contentType: blob.type, body: blob.text() });
      return true;
    };
  }
  const window: Record<string, unknown> = {
    addEventListener: on,
    localStorage: {
      getItem: (key: string) => (key === "wasbord_ignore" ? (options.ignoreFlag ?? null) : null),
      setItem: (key: string) => storageWrites.push(key),
    },
  };
  if (options.queued) window.wasbord = Object.assign(() => {}, { q: options.queued });
  const sandbox = Object.assign(window, {
    window,
    document,
    navigator,
    location,
    history,
    screen: { width: 390 },
    Blob,
    URL,
    Date: { now: () => clock.now },
    fetch: (endpoint: string, init: RequestInit) => {
      sent.push({ via: "fetch", endpoint, init, body: Promise.resolve(String(init.body)) });
      return Promise.resolve(new Response(null, { status: 202 }));
    },
  });
  vm.runInNewContext(source, sandbox);
  const api = () => window.wasbord as (...args: unknown[]) => void;
  const payloads = () => Promise.all(sent.map(async (s) => JSON.parse(await s.body)));
  return { sent, payloads, api, history, location, document, fire, clock, cookieWrites, storageWrites };
}

describe("tracker.js", () => {
  it("is smaller than 2 KB gzipped", () => {
    expect(gzipSync(source).length).toBeLessThan(2048);
  });

  it("uses no syntax newer than ES2017 that older browsers reject", () => {
    // Optional chaining, nullish coalescing, object spread and optional catch binding are ES2018+.
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    expect(code).not.toMatch(/\?\.|\?\?|\{\s*\.\.\.|catch\s*\{/);
  });

  it("sends a pageview on load to /api/collect beside the script, as a text/plain beacon", async () => {
    const t = runTracker({
      href: "https://www.wasbord.nl/?utm_source=google&gclid=x1",
      referrer: "https://www.google.nl/",
    });
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]).toMatchObject({
      via: "beacon",
      endpoint: "https://app.wasbord.example/api/collect",
      contentType: "text/plain",
    });
    expect(await t.payloads()).toEqual([
      {
        type: "pageview",
        site: "wasbord.nl",
        url: "https://www.wasbord.nl/?utm_source=google&gclid=x1",
        referrer: "https://www.google.nl/",
        width: 390,
        ts: 1_800_000_000_000,
      },
    ]);
  });

  it("sends null as the referrer when the browser has none", async () => {
    const [pageview] = await runTracker().payloads();
    expect(pageview.referrer).toBeNull();
  });

  it("replays calls queued before it loaded, after the pageview", async () => {
    const t = runTracker({
      queued: [
        ["experiment", "hero-tekst", "B"],
        ["voucher", "WAS10"],
        ["conversion", { value: 12.5 }],
      ],
    });
    const payloads = await t.payloads();
    expect(payloads.map((p) => p.type)).toEqual(["pageview", "experiment", "voucher", "conversion"]);
    expect(payloads[1].experiment).toEqual({ key: "hero-tekst", variant: "B" });
    expect(payloads[2].voucher).toBe("WAS10");
    expect(payloads[3].value).toBe(12.5);
  });

  it("handles calls made after it loaded", async () => {
    const t = runTracker();
    t.api()("conversion", { value: 19.95 });
    t.api()("conversion");
    t.api()("no-such-command", 1);
    const payloads = await t.payloads();
    expect(payloads).toHaveLength(3);
    expect(payloads[1]).toMatchObject({ type: "conversion", value: 19.95 });
    expect(payloads[2].type).toBe("conversion");
    expect(payloads[2]).not.toHaveProperty("value");
  });

  it("sends a leave event for the old page and a pageview for the new one on pushState", async () => {
    const t = runTracker({ href: "https://www.wasbord.nl/" });
    t.clock.now += 4_000;
    t.history.pushState(null, "", "/prijzen");
    const payloads = await t.payloads();
    expect(payloads.map((p) => [p.type, p.url])).toEqual([
      ["pageview", "https://www.wasbord.nl/"],
      ["leave", "https://www.wasbord.nl/"],
      ["pageview", "https://www.wasbord.nl/prijzen"],
    ]);
    expect(payloads[1].engagedMs).toBe(4_000);
  });

  it("ignores replaceState and hash changes that keep the same page, and counts popstate", async () => {
    const t = runTracker({ href: "https://www.wasbord.nl/prijzen" });
    t.history.replaceState(null, "", "/prijzen");
    t.history.replaceState(null, "", "/prijzen#abonnementen");
    expect(t.sent).toHaveLength(1);
    t.location.href = "https://www.wasbord.nl/";
    t.fire("popstate");
    expect((await t.payloads()).map((p) => p.type)).toEqual(["pageview", "pageview"]);
  });

  it("counts only visible time as engaged and reports it once when the page is hidden and left", async () => {
    const t = runTracker();
    t.clock.now += 3_000;
    t.document.visibilityState = "hidden";
    t.fire("visibilitychange");
    t.clock.now += 60_000;
    t.document.visibilityState = "visible";
    t.fire("visibilitychange");
    t.clock.now += 2_000;
    t.document.visibilityState = "hidden";
    t.fire("visibilitychange");
    t.fire("pagehide");
    const leaves = (await t.payloads()).filter((p) => p.type === "leave");
    expect(leaves.map((p) => p.engagedMs)).toEqual([3_000, 2_000]);
  });

  it("falls back to fetch with keepalive when sendBeacon is missing", () => {
    const t = runTracker({ beacon: false });
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0].via).toBe("fetch");
    expect(t.sent[0].endpoint).toBe("https://app.wasbord.example/api/collect");
    expect(t.sent[0].init).toMatchObject({ method: "POST", keepalive: true });
  });

  it("sends nothing when Do Not Track is on", () => {
    const t = runTracker({ doNotTrack: "1", queued: [["conversion", { value: 5 }]] });
    t.api()("voucher", "WAS10");
    t.history.pushState(null, "", "/prijzen");
    expect(t.sent).toHaveLength(0);
  });

  it("sends nothing when localStorage.wasbord_ignore is 'true'", () => {
    const t = runTracker({ ignoreFlag: "true" });
    t.api()("experiment", "hero-tekst", "A");
    expect(t.sent).toHaveLength(0);
  });

  it("writes no cookies and nothing to storage", () => {
    const t = runTracker({ queued: [["voucher", "WAS10"]] });
    t.history.pushState(null, "", "/prijzen");
    t.fire("pagehide");
    expect(t.cookieWrites).toEqual([]);
    expect(t.storageWrites).toEqual([]);
  });

  it("sends only payloads that the collect schema accepts", async () => {
    const t = runTracker({
      referrer: "https://www.google.nl/",
      queued: [
        ["experiment", "hero-tekst", "B"],
        ["voucher", "WAS10"],
        ["conversion", { value: 12.5 }],
        ["conversion"],
      ],
    });
    t.clock.now += 1_500;
    t.history.pushState(null, "", "/prijzen");
    const payloads = await t.payloads();
    expect(new Set(payloads.map((p) => p.type))).toEqual(
      new Set(["pageview", "experiment", "voucher", "conversion", "leave"]),
    );
    for (const payload of payloads) {
      expect(collectPayloadSchema.safeParse(payload).error, JSON.stringify(payload)).toBeUndefined();
    }
  });
});
