import type { AdPlatform } from "./ad-stats.ts";

// The website's acquisition channels, one home: the tracker derives a session's channel
// (src/server/tracking/channel.ts), the reports filter and group by it, the web offers it in the filter bar.
// A channel is stored and shown by its Dutch name, so the list is its labels too.

/** Every channel, in the order the channel rules check them (DESIGN §4). */
export const CHANNELS = [
  "Google Ads",
  "Facebook",
  "Marktplaats",
  "Affiliates",
  "Vouchers",
  "Organisch zoeken",
  "Organisch social",
  "Direct",
  "Verwijzing",
] as const;

export type Channel = (typeof CHANNELS)[number];

/** The channel whose sessions an ad platform's clicks become: the paid channels. */
export const PLATFORM_CHANNEL: Record<AdPlatform, Channel> = {
  google_ads: "Google Ads",
  facebook: "Facebook",
  marktplaats: "Marktplaats",
  affiliate: "Affiliates",
};
