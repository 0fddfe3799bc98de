import { describe, expect, it } from "vitest";
import { attribution, deviceOf } from "./attribution.ts";

const event = (url: string, referrer: string | null) =>
  ({ type: "pageview", site: "wasbord.nl", url, referrer, width: 390 }) as const;

describe("attribution", () => {
  it("takes UTM fields and click ids from the landing URL and derives the channel", () => {
    const result = attribution(
      event(
        "https://www.wasbord.nl/acties?utm_source=facebook&utm_medium=paid&utm_campaign=winter&fbclid=F1",
        null,
      ),
      ["wasbord.nl"],
    );
    expect(result).toEqual({
      referrer: null,
      referrerHost: null,
      utmSource: "facebook",
      utmMedium: "paid",
      utmCampaign: "winter",
      utmContent: null,
      utmTerm: null,
      gclid: null,
      fbclid: "F1",
      channel: "Facebook",
      device: "mobile",
    });
  });

  it("keeps only the origin and path of the referrer", () => {
    const result = attribution(
      event("https://www.wasbord.nl/", "https://user:pw@forum.example/topic/12?session=abc#reply"),
      [],
    );
    expect(result).toMatchObject({
      referrer: "https://forum.example/topic/12",
      referrerHost: "forum.example",
      channel: "Verwijzing",
    });
  });

  it("ignores a referrer that is not a web address", () => {
    const result = attribution(event("https://www.wasbord.nl/", "android-app://com.google.android.gm/"), []);
    expect(result).toMatchObject({ referrer: null, referrerHost: null });
  });
});

describe("deviceOf", () => {
  it("classes screens by width", () => {
    expect([390, 575, 576, 820, 991, 992, 1440, 0].map(deviceOf)).toEqual([
      "mobile",
      "mobile",
      "tablet",
      "tablet",
      "tablet",
      "desktop",
      "desktop",
      "desktop",
    ]);
  });
});
