import { describe, expect, it } from "vitest";
import { clientAddress, isProxyEntry, trustedProxies } from "./client-address.ts";

const none = trustedProxies([]);
const proxies = trustedProxies(["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8"]);

describe("clientAddress", () => {
  it("is the connection's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.7", undefined, none)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, none)).toBe("203.0.113.7");
    // Loopback and private peers are not proxies by themselves: only TRUSTED_PROXIES makes them one.
    expect(clientAddress("127.0.0.1", "198.51.100.1", none)).toBe("127.0.0.1");
    expect(clientAddress("10.0.0.5", "198.51.100.1", none)).toBe("10.0.0.5");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", proxies)).toBe("203.0.113.7");
  });

  it("takes the first untrusted hop from the right behind trusted proxies", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", proxies)).toBe("198.51.100.1");
    // The client wrote 192.0.2.9 itself; the proxies appended 198.51.100.1 (what they saw) and 10.0.0.4.
    expect(clientAddress("10.0.0.5", "192.0.2.9, 198.51.100.1, 10.0.0.4", proxies)).toBe("198.51.100.1");
    expect(clientAddress("::1", "2001:db8::1", proxies)).toBe("2001:db8::1");
  });

  it("never lets the client-written part pick the address", () => {
    expect(clientAddress("127.0.0.1", "10.0.0.1, 198.51.100.1", proxies)).toBe("198.51.100.1");
    // Garbage left of the proxies' own entry changes nothing; garbage as the proxies' entry is the key itself.
    expect(clientAddress("127.0.0.1", "unknown, 198.51.100.1", proxies)).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", "nonsense", proxies)).toBe("nonsense");
  });

  it("falls back to the left-most hop when every hop is a trusted proxy", () => {
    expect(clientAddress("127.0.0.1", "10.1.1.1, 10.2.2.2", proxies)).toBe("10.1.1.1");
  });
});

describe("TRUSTED_PROXIES entries", () => {
  it("accepts addresses and CIDR ranges of both families, nothing else", () => {
    for (const entry of ["10.0.0.1", "10.0.0.0/8", "::1", "2001:db8::/32", "0.0.0.0/0"]) {
      expect(isProxyEntry(entry), entry).toBe(true);
    }
    for (const entry of ["10.0.0.0/33", "::/129", "proxy.local", "10.0.0.0/8/1", "10.0.0.0/x", ""]) {
      expect(isProxyEntry(entry), entry).toBe(false);
    }
  });

  it("matches ranges and exact addresses", () => {
    expect(proxies("10.200.3.4")).toBe(true);
    expect(proxies("11.0.0.1")).toBe(false);
    expect(proxies("fd12::5")).toBe(true);
    expect(proxies("not an ip")).toBe(false);
  });
});
