// Acquisition channel of a web session, derived from its landing URL and referrer (DESIGN section 4).
// The rules are checked in order and the first match wins, so paid click ids beat everything else.

import { type Channel, PLATFORM_CHANNEL } from "../../shared/channels.ts";

export interface Landing {
  path: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  gclid: string | null;
  fbclid: string | null;
  voucher: string | null;
}

export interface ChannelInput {
  referrer: string | null;
  landingUrl: string;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  gclid?: string | null;
  fbclid?: string | null;
  /** Hosts of our own sites: a referrer from one of them (or a subdomain) is not a referral. */
  ownHosts?: string[];
}

// Landing URLs may arrive as a bare path; this base only makes them parseable.
const RELATIVE_BASE = "http://relative.invalid";

export function parseLanding(url: string): Landing {
  let parsed: URL;
  try {
    parsed = new URL(url, RELATIVE_BASE);
  } catch {
    parsed = new URL("/", RELATIVE_BASE);
  }
  const param = (name: string): string | null => {
    // Parameter names are matched case-insensitively: hand-typed campaign links contain "UTM_Source".
    for (const [key, value] of parsed.searchParams) {
      if (key.toLowerCase() === name && value.trim() !== "") return value.trim();
    }
    return null;
  };
  return {
    path: parsed.pathname,
    utmSource: param("utm_source"),
    utmMedium: param("utm_medium"),
    utmCampaign: param("utm_campaign"),
    utmContent: param("utm_content"),
    utmTerm: param("utm_term"),
    gclid: param("gclid"),
    fbclid: param("fbclid"),
    voucher: param("voucher"),
  };
}

const GOOGLE_SOURCES = new Set(["google", "adwords", "google_ads", "googleads"]);
const GOOGLE_PAID_MEDIUMS = new Set(["cpc", "ppc", "paid"]);
const META_SOURCES = new Set(["facebook", "instagram", "fb", "ig", "meta"]);
const META_PAID_MEDIUMS = new Set(["cpc", "ppc", "paid", "paid_social", "paid-social", "paidsocial"]);

// Matched against the referrer host and its parent domains ("l.facebook.com" → "facebook.com").
const SEARCH_DOMAINS = new Set([
  "bing.com",
  "duckduckgo.com",
  "yahoo.com",
  "ecosia.org",
  "startpage.com",
  "qwant.com",
  "search.brave.com",
  "baidu.com",
  "yandex.com",
  "yandex.ru",
  "ask.com",
  "com.google.android.googlequicksearchbox",
]);
const SOCIAL_DOMAINS = new Set([
  "facebook.com",
  "fb.com",
  "fb.me",
  "messenger.com",
  "instagram.com",
  "threads.net",
  "t.co",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "lnkd.in",
  "pinterest.com",
  "pinterest.nl",
  "tiktok.com",
  "youtube.com",
  "youtu.be",
  "reddit.com",
  "snapchat.com",
  "whatsapp.com",
  "wa.me",
  "com.facebook.katana",
  "com.instagram.android",
]);
// "google.nl", "www.google.co.uk", but not "mail.google.com" or "googleadservices.com".
const GOOGLE_SEARCH_HOST = /^(www\.)?google\.[a-z]{2,3}(\.[a-z]{2})?$/;

// utm_source values that name a search engine or social network. An organic link with
// utm_source=instagram often arrives without a referrer (in-app browsers drop it), and is still social.
const SEARCH_SOURCES = new Set(["google", "bing", "duckduckgo", "yahoo", "ecosia", "startpage", "qwant"]);
const SOCIAL_SOURCES = new Set([
  ...META_SOURCES,
  "twitter",
  "x",
  "linkedin",
  "pinterest",
  "tiktok",
  "youtube",
  "reddit",
  "snapchat",
  "whatsapp",
]);

function lower(value: string | null | undefined): string | null {
  const trimmed = value?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

function referrerHost(referrer: string | null): string | null {
  const text = referrer?.trim();
  if (!text) return null;
  // Some clients send a referrer without its scheme ("www.google.com/").
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme).hostname.toLowerCase().replace(/\.$/, "") || null;
  } catch {
    return null;
  }
}

function inDomains(host: string, domains: Set<string>): boolean {
  const labels = host.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (domains.has(labels.slice(i).join("."))) return true;
  }
  return false;
}

function isOwnHost(host: string, ownHosts: string[]): boolean {
  const bare = host.replace(/^www\./, "");
  return ownHosts.some((own) => {
    const ownBare = own
      .trim()
      .toLowerCase()
      .replace(/^www\./, "");
    return ownBare !== "" && (bare === ownBare || bare.endsWith(`.${ownBare}`));
  });
}

function isVoucherLanding(landing: Landing, medium: string | null): boolean {
  const firstSegment = landing.path.toLowerCase().split("/")[1];
  return (
    firstSegment === "voucher" ||
    firstSegment === "vouchers" ||
    landing.voucher !== null ||
    medium === "voucher"
  );
}

function landingHost(landingUrl: string): string | null {
  try {
    return new URL(landingUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function deriveChannel(input: ChannelInput): Channel {
  const landing = parseLanding(input.landingUrl);
  const source = lower(input.utmSource ?? landing.utmSource);
  const medium = lower(input.utmMedium ?? landing.utmMedium);
  const gclid = input.gclid ?? landing.gclid;
  const fbclid = input.fbclid ?? landing.fbclid;

  if (
    gclid ||
    (source !== null && GOOGLE_SOURCES.has(source) && medium !== null && GOOGLE_PAID_MEDIUMS.has(medium))
  )
    return PLATFORM_CHANNEL.google_ads;
  if (
    fbclid ||
    (source !== null && META_SOURCES.has(source) && medium !== null && META_PAID_MEDIUMS.has(medium))
  )
    return PLATFORM_CHANNEL.facebook;
  if (source === "marktplaats") return PLATFORM_CHANNEL.marktplaats;
  if (medium === "affiliate") return PLATFORM_CHANNEL.affiliate;
  if (isVoucherLanding(landing, medium)) return "Vouchers";

  const host = referrerHost(input.referrer);
  // A referrer from our own site (including the landing page's own host) is internal navigation.
  const self = landingHost(input.landingUrl);
  const ownHosts = self ? [...(input.ownHosts ?? []), self] : (input.ownHosts ?? []);
  const external = host !== null && !isOwnHost(host, ownHosts) ? host : null;

  if (external && (GOOGLE_SEARCH_HOST.test(external) || inDomains(external, SEARCH_DOMAINS)))
    return "Organisch zoeken";
  if (!external && source !== null && SEARCH_SOURCES.has(source)) return "Organisch zoeken";
  if (external && inDomains(external, SOCIAL_DOMAINS)) return "Organisch social";
  if (!external && source !== null && SOCIAL_SOURCES.has(source)) return "Organisch social";
  if (!external) return "Direct";
  return "Verwijzing";
}
