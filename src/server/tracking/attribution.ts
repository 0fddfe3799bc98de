import type { Channel } from "../../shared/channels.ts";
import type { CollectPayload } from "../../shared/collect.ts";
import { deriveChannel, type Landing, parseLanding } from "./channel.ts";

// Where a session's visitor came from and on what device, read once from the session's first event.

export type Device = "desktop" | "mobile" | "tablet";

/** Device class by screen width in CSS pixels, with the breakpoints Plausible uses. */
export function deviceOf(width: number): Device {
  if (width > 0 && width < 576) return "mobile";
  if (width > 0 && width < 992) return "tablet";
  return "desktop";
}

export type Attribution = Omit<Landing, "path" | "voucher"> & {
  referrer: string | null;
  referrerHost: string | null;
  channel: Channel;
  device: Device;
};

export function attribution(event: CollectPayload, ownHosts: string[]): Attribution {
  const { utmSource, utmMedium, utmCampaign, utmContent, utmTerm, gclid, fbclid } = parseLanding(event.url);
  const referrer = withoutQuery(event.referrer);
  return {
    // Query strings of referrers can hold personal data (search terms, e-mail links): only origin + path.
    referrer: referrer?.href ?? null,
    referrerHost: referrer?.hostname ?? null,
    utmSource,
    utmMedium,
    utmCampaign,
    utmContent,
    utmTerm,
    gclid,
    fbclid,
    channel: deriveChannel({ referrer: event.referrer, landingUrl: event.url, ownHosts }),
    device: deviceOf(event.width),
  };
}

function withoutQuery(referrer: string | null): URL | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.search = "";
    url.hash = "";
    url.username = "";
    url.password = "";
    return url;
  } catch {
    return null;
  }
}
