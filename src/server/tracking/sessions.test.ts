import { describe, expect, it } from "vitest";
import type { CollectPayload } from "../../shared/collect.ts";
import { SESSION_TIMEOUT_MS, SessionTracker } from "./sessions.ts";

const T0 = Date.parse("2026-11-21T10:00:00Z");
const MIN = 60_000;
const SEC = 1000;
const ids = { current: "visitor-a", previous: null };

const base = { site: "wasbord.nl", referrer: null, width: 1440 };
const pageview = (path: string, extra: Partial<CollectPayload> = {}): CollectPayload =>
  ({ type: "pageview", ...base, url: `https://www.wasbord.nl${path}`, ...extra }) as CollectPayload;
const leave = (path: string, engagedMs: number): CollectPayload => ({
  type: "leave",
  ...base,
  url: `https://www.wasbord.nl${path}`,
  engagedMs,
});
const conversion = (path: string, value?: number): CollectPayload => ({
  type: "conversion",
  ...base,
  url: `https://www.wasbord.nl${path}`,
  value,
});
const exposure = (key: string, variant: string): CollectPayload => ({
  type: "experiment",
  ...base,
  url: "https://www.wasbord.nl/",
  experiment: { key, variant },
});

const tracker = () => new SessionTracker({ ownHosts: ["wasbord.nl"] });

describe("the 30-minute session boundary", () => {
  it("continues a session for an event 29:59 after the previous one", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    t.record(pageview("/prijzen"), ids, T0 + 29 * MIN + 59 * SEC);
    const { sessions } = t.takeChanges();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ pageviews: 2, exitPath: "/prijzen", durationSeconds: 1799 });
  });

  it("starts a new session for an event exactly 30:00 after the previous one", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    t.record(pageview("/prijzen"), ids, T0 + SESSION_TIMEOUT_MS);
    const { sessions } = t.takeChanges();
    expect(sessions.map((s) => [s.session.landingPath, s.pageviews])).toEqual([
      ["/", 1],
      ["/prijzen", 1],
    ]);
  });

  it("measures the gap from the last activity, not from the start", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    t.record(pageview("/a"), ids, T0 + 20 * MIN);
    t.record(pageview("/b"), ids, T0 + 49 * MIN);
    expect(t.takeChanges().sessions).toHaveLength(1);
  });
});

describe("session fields", () => {
  it("keeps the landing page, the last pageview as exit page and the channel of the first event", () => {
    const t = tracker();
    t.record(pageview("/acties?gclid=abc&utm_source=google&utm_medium=cpc"), ids, T0);
    t.record(pageview("/prijzen", { referrer: "https://www.facebook.com/" }), ids, T0 + MIN);
    t.record(conversion("/bedankt", 24.95), ids, T0 + 2 * MIN);
    const [row] = t.takeChanges().sessions;
    expect(row.session).toMatchObject({
      landingPath: "/acties",
      exitPath: "/prijzen",
      channel: "Google Ads",
      gclid: "abc",
      utmSource: "google",
      utmMedium: "cpc",
    });
  });

  it("stores the referrer without its query string", () => {
    const t = tracker();
    t.record(pageview("/", { referrer: "https://www.google.nl/search?q=wasstraat+utrecht" }), ids, T0);
    const [row] = t.takeChanges().sessions;
    expect(row.session).toMatchObject({
      referrer: "https://www.google.nl/search",
      referrerHost: "www.google.nl",
      channel: "Organisch zoeken",
    });
  });

  it("counts one pageview without interaction as a bounce of 0 seconds", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    t.record(leave("/", 45_000), ids, T0 + 45 * SEC);
    const { sessions, newPageviews } = t.takeChanges();
    expect(sessions[0]).toMatchObject({ isBounce: true, durationSeconds: 0, endedAt: T0 + 45 * SEC });
    expect(newPageviews[0]).toMatchObject({ path: "/", engagedSeconds: 45 });
  });

  it("does not count a single pageview with a conversion as a bounce", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    t.record(conversion("/", 10), ids, T0 + 10 * SEC);
    const { sessions, events } = t.takeChanges();
    expect(sessions[0]).toMatchObject({ isBounce: false, interactiveEvents: 1, durationSeconds: 10 });
    expect(events[0]).toMatchObject({ kind: "conversion", revenueCents: 1000, path: "/" });
  });

  it("does not count an experiment exposure as interaction, and records it once per session, in lower case", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    t.record(exposure("hero", "b"), ids, T0 + SEC);
    t.record(exposure("Hero", "B"), ids, T0 + 2 * SEC);
    const { sessions, events } = t.takeChanges();
    expect(sessions[0].isBounce).toBe(true);
    expect(events.map((e) => [e.kind, e.experimentKey, e.variantKey])).toEqual([["experiment", "hero", "b"]]);
  });

  it("adds up time on page per pageview, also after the pageview was stored", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    t.record(leave("/", 10_000), ids, T0 + 10 * SEC);
    expect(t.takeChanges().newPageviews[0].engagedSeconds).toBe(10);
    t.record(leave("/", 5_400), ids, T0 + 60 * SEC);
    const changes = t.takeChanges();
    expect(changes.newPageviews).toEqual([]);
    expect(changes.pageviewUpdates[0]).toMatchObject({ path: "/", viewedAt: T0, engagedSeconds: 15 });
  });

  it("drops a leave event that belongs to no active session", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    expect(t.record(leave("/", 1000), ids, T0 + 31 * MIN)).toBe(false);
    expect(t.record(leave("/", 1000), { current: "someone-else", previous: null }, T0)).toBe(false);
  });

  it("starts a session with an event when no pageview came first", () => {
    const t = tracker();
    t.record(conversion("/bedankt"), ids, T0);
    const [row] = t.takeChanges().sessions;
    expect(row).toMatchObject({ pageviews: 0, isBounce: false });
    expect(row.session.landingPath).toBe("/bedankt");
  });
});

describe("storing changes", () => {
  it("inserts a new session once and updates it afterwards", () => {
    const t = tracker();
    t.record(pageview("/"), ids, T0);
    expect(t.takeChanges().sessions.map((s) => s.insert)).toEqual([true]);
    t.record(pageview("/b"), ids, T0 + MIN);
    expect(t.takeChanges().sessions.map((s) => [s.insert, s.pageviews])).toEqual([[false, 2]]);
    expect(t.takeChanges().sessions).toEqual([]);
  });

  it("continues yesterday's session after the salt rotated at midnight", () => {
    const t = tracker();
    t.record(pageview("/"), { current: "yesterday-id", previous: null }, T0);
    t.record(pageview("/b"), { current: "today-id", previous: "yesterday-id" }, T0 + 5 * MIN);
    const { sessions, newPageviews } = t.takeChanges();
    expect(sessions).toHaveLength(1);
    expect(newPageviews.map((p) => p.visitorId)).toEqual(["yesterday-id", "yesterday-id"]);
  });

  it("forgets ended sessions and stays within its bound", () => {
    const t = new SessionTracker({ ownHosts: [], maxSessions: 2 });
    t.record(pageview("/"), { current: "a", previous: null }, T0);
    t.record(pageview("/"), { current: "b", previous: null }, T0 + MIN);
    t.record(pageview("/"), { current: "c", previous: null }, T0 + 2 * MIN);
    expect(t.size).toBe(2);
    t.sweep(T0 + 31 * MIN);
    expect(t.size).toBe(1);
    t.sweep(T0 + 33 * MIN);
    expect(t.size).toBe(0);
  });
});
