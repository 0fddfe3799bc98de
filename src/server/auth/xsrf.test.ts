import { describe, expect, it } from "vitest";
import { isXsrfValid } from "./xsrf.ts";

describe("XSRF rule on the server", () => {
  it("lets safe methods through without a header", () => {
    expect(isXsrfValid("GET", undefined, undefined)).toBe(true);
    expect(isXsrfValid("HEAD", "abc", undefined)).toBe(true);
  });

  it("lets a state-changing call through when the header repeats the cookie", () => {
    expect(isXsrfValid("POST", "abc123", "abc123")).toBe(true);
    expect(isXsrfValid("delete", "abc123", "abc123")).toBe(true);
  });

  it("refuses a state-changing call with a missing or different header", () => {
    expect(isXsrfValid("POST", "abc123", undefined)).toBe(false);
    expect(isXsrfValid("PUT", "abc123", "abc124")).toBe(false);
    expect(isXsrfValid("PATCH", undefined, "abc123")).toBe(false);
    expect(isXsrfValid("POST", "abc", "abc123")).toBe(false);
  });
});
