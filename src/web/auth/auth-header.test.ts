import { beforeEach, describe, expect, it } from "vitest";
import { AUTH_HEADER_KEY, authHeader } from "./auth-header.ts";

// Node has no localStorage; a minimal Storage stands in for the browser's (the browser tests use the real one).
const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
} as Storage;

describe("auth header storage", () => {
  beforeEach(() => store.clear());

  it("is absent before sign-in", () => {
    expect(authHeader.has()).toBe(false);
    expect(authHeader.get()).toBeNull();
  });

  it("stores the token as a Bearer header under the key auth_header", () => {
    authHeader.set("abc.def.ghi");
    expect(AUTH_HEADER_KEY).toBe("auth_header");
    expect(store.get("auth_header")).toBe("Bearer abc.def.ghi");
    expect(authHeader.get()).toBe("Bearer abc.def.ghi");
    expect(authHeader.has()).toBe(true);
  });

  it("is gone after remove", () => {
    authHeader.set("abc");
    authHeader.remove();
    expect(authHeader.has()).toBe(false);
  });
});
