import { describe, expect, it } from "vitest";
import { deriveChannel, parseLanding } from "./channel";

const site = "https://www.wasbord.nl";

describe("parseLanding", () => {
  it("extracts the path, UTM fields, click ids and voucher code", () => {
    expect(
      parseLanding(
        `${site}/acties/winter?utm_source=Google&utm_medium=cpc&utm_campaign=winter-2026&utm_content=banner&utm_term=autowassen+utrecht&gclid=abc123&fbclid=fb9&voucher=WAS10`,
      ),
    ).toEqual({
      path: "/acties/winter",
      utmSource: "Google",
      utmMedium: "cpc",
      utmCampaign: "winter-2026",
      utmContent: "banner",
      utmTerm: "autowassen utrecht",
      gclid: "abc123",
      fbclid: "fb9",
      voucher: "WAS10",
    });
  });

  it("returns null for absent or empty parameters", () => {
    expect(parseLanding(`${site}/?utm_source=&gclid=`)).toEqual({
      path: "/",
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmContent: null,
      utmTerm: null,
      gclid: null,
      fbclid: null,
      voucher: null,
    });
  });

  it("accepts a bare path and upper-case parameter names", () => {
    const landing = parseLanding("/prijzen?UTM_Source=nieuwsbrief&UTM_MEDIUM=email");
    expect(landing.path).toBe("/prijzen");
    expect(landing.utmSource).toBe("nieuwsbrief");
    expect(landing.utmMedium).toBe("email");
  });

  it("does not throw on an unparseable URL", () => {
    expect(parseLanding("http://[broken").path).toBe("/");
  });
});

describe("deriveChannel", () => {
  const channel = (landingPath: string, referrer: string | null = null, ownHosts?: string[]) =>
    deriveChannel({ landingUrl: `${site}${landingPath}`, referrer, ownHosts });

  describe("one rule each", () => {
    it("a gclid is Google Ads", () => {
      expect(channel("/?gclid=Cj0KCQ", "https://www.google.nl/")).toBe("Google Ads");
    });

    it("utm_source google with a paid medium (cpc, ppc, paid) is Google Ads", () => {
      expect(channel("/?utm_source=google&utm_medium=cpc")).toBe("Google Ads");
      expect(channel("/?utm_source=google&utm_medium=ppc")).toBe("Google Ads");
      expect(channel("/?utm_source=google&utm_medium=paid")).toBe("Google Ads");
    });

    it("an fbclid is Facebook", () => {
      expect(channel("/?fbclid=IwAR0x", "https://l.facebook.com/")).toBe("Facebook");
    });

    it("a Meta source with a paid medium is Facebook", () => {
      expect(channel("/?utm_source=facebook&utm_medium=paid_social")).toBe("Facebook");
      expect(channel("/?utm_source=instagram&utm_medium=cpc")).toBe("Facebook");
      expect(channel("/?utm_source=fb&utm_medium=paid")).toBe("Facebook");
      expect(channel("/?utm_source=ig&utm_medium=ppc")).toBe("Facebook");
    });

    it("utm_source marktplaats is Marktplaats", () => {
      expect(channel("/?utm_source=marktplaats&utm_medium=admarkt")).toBe("Marktplaats");
    });

    it("utm_medium affiliate is Affiliates", () => {
      expect(channel("/?utm_source=daisycon&utm_medium=affiliate", "https://www.kortingscode.nl/")).toBe(
        "Affiliates",
      );
    });

    it("a landing under /voucher or /vouchers is Vouchers", () => {
      expect(channel("/voucher/WAS10")).toBe("Vouchers");
      expect(channel("/vouchers")).toBe("Vouchers");
      expect(channel("/Vouchers/zomer")).toBe("Vouchers");
    });

    it("a voucher query parameter or utm_medium voucher is Vouchers", () => {
      expect(channel("/?voucher=WAS10", "https://www.google.nl/")).toBe("Vouchers");
      expect(channel("/?utm_source=flyer&utm_medium=voucher")).toBe("Vouchers");
    });

    it("a search-engine referrer is Organisch zoeken", () => {
      for (const referrer of [
        "https://www.google.nl/",
        "https://www.google.co.uk/",
        "https://www.bing.com/search?q=wasstraat",
        "https://duckduckgo.com/",
        "https://nl.search.yahoo.com/",
        "https://www.ecosia.org/search?q=autowas",
        "https://www.startpage.com/",
        "android-app://com.google.android.googlequicksearchbox/",
      ]) {
        expect(channel("/", referrer), referrer).toBe("Organisch zoeken");
      }
    });

    it("a social referrer is Organisch social", () => {
      for (const referrer of [
        "https://l.facebook.com/",
        "https://www.facebook.com/",
        "https://www.instagram.com/",
        "https://t.co/abc",
        "https://x.com/",
        "https://www.linkedin.com/",
        "https://nl.pinterest.com/",
        "https://www.tiktok.com/",
        "https://www.youtube.com/",
        "https://www.reddit.com/",
      ]) {
        expect(channel("/", referrer), referrer).toBe("Organisch social");
      }
    });

    it("no referrer is Direct", () => {
      expect(channel("/")).toBe("Direct");
      expect(channel("/", "")).toBe("Direct");
    });

    it("a referrer from one of our own hosts, or from the landing host, is Direct", () => {
      expect(channel("/prijzen", "https://shop.wasbord.nl/winkelwagen", ["wasbord.nl"])).toBe("Direct");
      expect(channel("/prijzen", "https://www.wasbord.nl/")).toBe("Direct");
    });

    it("any other referrer is Verwijzing", () => {
      expect(channel("/", "https://www.autoweek.nl/artikel/123")).toBe("Verwijzing");
      expect(channel("/", "https://mail.google.com/")).toBe("Verwijzing");
    });
  });

  describe("order: the first matching rule wins", () => {
    it("a gclid wins over a voucher landing", () => {
      expect(channel("/voucher/WAS10?gclid=abc")).toBe("Google Ads");
    });

    it("a gclid wins over Facebook UTM fields", () => {
      expect(channel("/?gclid=abc&utm_source=facebook&utm_medium=paid_social")).toBe("Google Ads");
    });

    it("Facebook wins over a voucher landing", () => {
      expect(channel("/vouchers?fbclid=xyz")).toBe("Facebook");
    });

    it("Marktplaats wins over an affiliate medium", () => {
      expect(channel("/?utm_source=marktplaats&utm_medium=affiliate")).toBe("Marktplaats");
    });

    it("an affiliate medium wins over a voucher landing", () => {
      expect(channel("/voucher/WAS10?utm_source=tradetracker&utm_medium=affiliate")).toBe("Affiliates");
    });

    it("a voucher landing wins over a search referrer", () => {
      expect(channel("/voucher", "https://www.google.com/")).toBe("Vouchers");
    });

    it("google without a paid medium is not Google Ads but organic search", () => {
      expect(channel("/?utm_source=google&utm_medium=organic")).toBe("Organisch zoeken");
    });

    it("facebook without a paid medium and without a referrer is Organisch social, not Direct", () => {
      expect(channel("/?utm_source=facebook&utm_medium=social")).toBe("Organisch social");
    });
  });

  it("is case-insensitive", () => {
    expect(channel("/?utm_source=GOOGLE&utm_medium=CPC")).toBe("Google Ads");
    expect(channel("/?utm_source=Facebook&utm_medium=Paid_Social")).toBe("Facebook");
    expect(channel("/?utm_source=MarktPlaats")).toBe("Marktplaats");
    expect(channel("/", "HTTPS://WWW.GOOGLE.NL/")).toBe("Organisch zoeken");
  });

  it("uses stored UTM fields and click ids passed beside the landing URL", () => {
    expect(deriveChannel({ landingUrl: "/", referrer: null, gclid: "abc" })).toBe("Google Ads");
    expect(deriveChannel({ landingUrl: "/", referrer: null, fbclid: "xyz" })).toBe("Facebook");
    expect(deriveChannel({ landingUrl: "/", referrer: null, utmSource: "facebook", utmMedium: "cpc" })).toBe(
      "Facebook",
    );
  });

  it("reads a referrer given without its scheme", () => {
    expect(channel("/", "www.bing.com/")).toBe("Organisch zoeken");
  });
});
