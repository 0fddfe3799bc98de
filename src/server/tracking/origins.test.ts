import { describe, expect, it } from "vitest";
import { allowedOrigins } from "./origins.ts";

describe("allowedOrigins", () => {
  const origins = allowedOrigins(["https://www.wasbord.nl", "https://wasbord.nl", "http://localhost:*"]);

  it("allows exactly the configured origins", () => {
    expect(origins.allows("https://www.wasbord.nl")).toBe(true);
    expect(origins.allows("https://wasbord.nl")).toBe(true);
    expect(origins.allows("http://www.wasbord.nl")).toBe(false);
    expect(origins.allows("https://shop.wasbord.nl")).toBe(false);
    expect(origins.allows("https://www.wasbord.nl:8443")).toBe(false);
    expect(origins.allows("https://www.wasbord.nl.evil.example")).toBe(false);
  });

  it("allows every port for an entry with port *", () => {
    expect(origins.allows("http://localhost:3000")).toBe(true);
    expect(origins.allows("http://localhost:41234")).toBe(true);
    expect(origins.allows("http://localhost")).toBe(true);
    expect(origins.allows("https://localhost:3000")).toBe(false);
    expect(origins.allows("http://127.0.0.1:3000")).toBe(false);
  });

  it("refuses a missing, opaque or malformed origin", () => {
    expect(origins.allows(undefined)).toBe(false);
    expect(origins.allows("null")).toBe(false);
    expect(origins.allows("https://www.wasbord.nl/pad")).toBe(false);
    expect(origins.allows("www.wasbord.nl")).toBe(false);
  });

  it("lists the sites' host names", () => {
    expect(origins.hosts).toEqual(["www.wasbord.nl", "wasbord.nl", "localhost"]);
  });
});
