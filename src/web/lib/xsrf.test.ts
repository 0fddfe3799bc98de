import { describe, expect, it } from "vitest";
import { needsXsrfHeader, readCookie } from "./xsrf.ts";

describe("XSRF header rule in the browser", () => {
  it("adds the header to non-GET/HEAD calls to relative URLs", () => {
    expect(needsXsrfHeader("POST", "/api/admin/users")).toBe(true);
    expect(needsXsrfHeader("delete", "api/items/3")).toBe(true);
    expect(needsXsrfHeader("PUT", "?x=1")).toBe(true);
  });

  it("never adds it to GET or HEAD", () => {
    expect(needsXsrfHeader("GET", "/api/me")).toBe(false);
    expect(needsXsrfHeader("head", "/api/me")).toBe(false);
  });

  it("never adds it to absolute URLs, whatever the method", () => {
    expect(needsXsrfHeader("POST", "https://api.example.com/x")).toBe(false);
    expect(needsXsrfHeader("POST", "http://localhost:3000/api/x")).toBe(false);
    expect(needsXsrfHeader("POST", "//cdn.example.com/x")).toBe(false);
  });

  it("reads the cookie value by name", () => {
    expect(readCookie("XSRF-TOKEN", "a=1; XSRF-TOKEN=t%2Bk; b=2")).toBe("t+k");
    expect(readCookie("XSRF-TOKEN", "a=1")).toBeNull();
  });
});
