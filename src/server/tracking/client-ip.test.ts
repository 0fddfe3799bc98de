import { describe, expect, it } from "vitest";
import { clientAddress, isProxyAddress } from "./client-ip.ts";

describe("clientAddress", () => {
  it("takes the connection's address when there is no proxy header", () => {
    expect(clientAddress("203.0.113.7", undefined)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined)).toBe("203.0.113.7");
  });

  it("ignores X-Forwarded-For from a public address: anyone can write it", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1")).toBe("203.0.113.7");
  });

  it("believes a proxy on a private or loopback address, taking the right-most public hop", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1")).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.5", "192.0.2.9, 198.51.100.1, 10.0.0.4")).toBe("198.51.100.1");
    expect(clientAddress("::1", "2001:db8::1")).toBe("2001:db8::1");
  });

  it("skips garbage in the header", () => {
    expect(clientAddress("127.0.0.1", "unknown, 198.51.100.1")).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", "nonsense")).toBe("127.0.0.1");
  });

  it("knows which addresses are private", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "::1",
      "fd00::1",
    ]) {
      expect(isProxyAddress(ip)).toBe(true);
    }
    for (const ip of ["172.32.0.1", "8.8.8.8", "2001:db8::1"]) expect(isProxyAddress(ip)).toBe(false);
  });
});
