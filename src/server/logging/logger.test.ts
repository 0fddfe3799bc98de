import { describe, expect, it } from "vitest";
import { Logger, withLogFields } from "./logger.ts";

function capture(options: Partial<ConstructorParameters<typeof Logger>[0]> = {}) {
  const lines: string[] = [];
  const logger = new Logger({ level: "info", format: "json", write: (line) => lines.push(line), ...options });
  return { logger, lines };
}

describe("the logger", () => {
  it("writes one JSON object per line with time, level, message and fields", () => {
    const { logger, lines } = capture();
    logger.info("request", { status: 200, route: "/api/me" });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: "info", msg: "request", status: 200, route: "/api/me" });
    expect(Date.parse(entry.time)).not.toBeNaN();
  });

  it("drops lines below the configured level", () => {
    const { logger, lines } = capture({ level: "warn" });
    logger.debug("a");
    logger.info("b");
    logger.warn("c");
    logger.error("d");
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(["c", "d"]);
  });

  it("adds the fields of the request being served, also across awaits", async () => {
    const { logger, lines } = capture();
    await withLogFields({ requestId: "req-1" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.warn("slow");
    });
    logger.warn("outside");
    expect(lines.map((line) => JSON.parse(line).requestId)).toEqual(["req-1", undefined]);
  });

  it("never writes an access token or an API key, also not inside an error", () => {
    const { logger, lines } = capture();
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    logger.error(`refused ${jwt}`, {
      error: new Error("bad key wb_abcdef0123456789xyz"),
      header: `Bearer ${jwt}`,
    });
    expect(lines[0]).not.toContain(jwt);
    expect(lines[0]).not.toContain("wb_abcdef0123456789xyz");
    const entry = JSON.parse(lines[0]);
    expect(entry.msg).toBe("refused [redacted]");
    expect(entry.error.message).toBe("bad key [redacted]");
  });

  it("writes readable lines in pretty format", () => {
    const { logger, lines } = capture({ format: "pretty" });
    logger.info("request", { method: "GET", status: 200 });
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}request method=GET status=200$/);
  });
});
