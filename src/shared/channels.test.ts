import { describe, expect, it } from "vitest";
import { adPlatforms } from "./ad-stats.ts";
import { CHANNELS, PLATFORM_CHANNEL } from "./channels.ts";
import { DIMENSIONS } from "./reports/dimensions.ts";

describe("the website channels", () => {
  it("are what the channel filter accepts, in the order the rules check them", () => {
    expect(DIMENSIONS.channel.value.options).toEqual([...CHANNELS]);
    expect(DIMENSIONS.channel.value.safeParse("Organisch zoeken").success).toBe(true);
    expect(DIMENSIONS.channel.value.safeParse("google_ads").success).toBe(false);
  });

  it("give every ad platform its own paid channel, ahead of the unpaid ones", () => {
    const paid = adPlatforms.map((platform) => PLATFORM_CHANNEL[platform]);
    expect(new Set(paid).size).toBe(adPlatforms.length);
    expect(CHANNELS.slice(0, paid.length)).toEqual(expect.arrayContaining(paid));
  });
});
