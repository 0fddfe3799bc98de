/*
 * Wasbord website tracker, served as /t.js (plain ES2017, no dependencies, < 2 KB gzip):
 *   <script defer src="https://app.example/t.js" data-site="wasbord.nl"></script>
 * Each event is one JSON POST to <origin of this script>/api/collect, validated there by
 * collectPayloadSchema in src/shared/collect.ts:
 *   { type: "pageview" | "experiment" | "conversion" | "voucher" | "leave",
 *     site, url (full, the server derives UTM/gclid/fbclid), referrer (or null), width (screen.width),
 *     ts?, experiment?: { key, variant }, value? (euros), voucher? (code),
 *     engagedMs? (leave: visible time on url since its previous pageview or leave event) }
 * Page API: wasbord("experiment", key, variant), wasbord("conversion", { value }), wasbord("voucher", code);
 * calls made before this script ran are queued in window.wasbord.q and replayed, given this stub:
 *   window.wasbord = window.wasbord || function () { (wasbord.q = wasbord.q || []).push(arguments); };
 * Sends nothing when navigator.doNotTrack is "1" or localStorage.wasbord_ignore is "true".
 * Writes no cookies and no storage.
 */
(() => {
  const w = window;
  const d = document;
  const n = navigator;
  const old = w.wasbord || {};
  if (old.loaded) return;
  let off = n.doNotTrack === "1";
  try {
    off = off || w.localStorage.getItem("wasbord_ignore") === "true";
  } catch (_e) {
    // Storage can be blocked (sandboxed frames, strict privacy settings): then there is no opt-out flag.
  }
  const script = d.currentScript || d.querySelector('script[src*="/t.js"]');
  if (!script) return;
  const endpoint = `${new URL(script.src).origin}/api/collect`;
  const site = script.getAttribute("data-site") || location.hostname;

  const send = (type, extra) => {
    if (off) return;
    const body = JSON.stringify(
      Object.assign(
        { type, site, url: location.href, referrer: d.referrer || null, width: screen.width, ts: Date.now() },
        extra,
      ),
    );
    // A text/plain body is a "simple" cross-origin request: no CORS preflight.
    if (!("sendBeacon" in n) || !n.sendBeacon(endpoint, new Blob([body], { type: "text/plain" }))) {
      fetch(endpoint, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {});
    }
  };

  // Engaged time: how long the current page was visible, reported in "leave" events.
  let page = "";
  let shownAt = 0;
  let engaged = 0;
  const visible = () => d.visibilityState === "visible";
  const leave = () => {
    if (shownAt) engaged += Date.now() - shownAt;
    shownAt = visible() ? Date.now() : 0;
    if (engaged > 0 && page) send("leave", { url: page, engagedMs: Math.round(engaged) });
    engaged = 0;
  };
  const bare = (url) => url.split("#")[0];
  const pageview = () => {
    if (page && bare(page) === bare(location.href)) return;
    if (page) leave();
    page = location.href;
    shownAt = visible() ? Date.now() : 0;
    send("pageview");
  };

  const api = (command, a, b) => {
    if (command === "experiment") send("experiment", { experiment: { key: String(a), variant: String(b) } });
    if (command === "voucher") send("voucher", { voucher: String(a) });
    if (command === "conversion") {
      const value = Number(a && typeof a === "object" ? a.value : a);
      send("conversion", Number.isFinite(value) && value >= 0 ? { value } : {});
    }
  };
  api.loaded = true;
  w.wasbord = api;
  if (off) return;

  for (const method of ["pushState", "replaceState"]) {
    const original = history[method];
    history[method] = function (...args) {
      const result = original.apply(this, args);
      pageview();
      return result;
    };
  }
  w.addEventListener("popstate", pageview);
  d.addEventListener("visibilitychange", () => {
    if (visible()) shownAt = Date.now();
    else leave();
  });
  w.addEventListener("pagehide", leave);

  pageview();
  for (const args of old.q || []) api(...args);
})();
