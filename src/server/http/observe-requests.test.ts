import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { metricValue } from "../../../tests/support/metrics.ts";
import { configureLogger } from "../logging/logger.ts";
import { renderMetrics } from "../metrics/metrics.ts";
import { observeRequests } from "./observe-requests.ts";

const lines: string[] = [];
afterEach(() => {
  lines.length = 0;
});

function app() {
  configureLogger({ level: "info", format: "json", write: (line) => lines.push(line) });
  const app = new Hono<{ Variables: { user: { id: number } } }>();
  app.use("*", observeRequests());
  app.get("/api/plates/:plate{[A-Z0-9]+}", (c) => {
    c.set("user", { id: 7 });
    return c.json({ ok: true });
  });
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.post("/api/busy", (c) => c.json({ error: { code: "rate_limited", message: "Te veel." } }, 429));
  app.post("/api/collect", async (c) =>
    (await c.req.text()) ? c.body(null, 202) : c.json({ error: { code: "validation_error" } }, 400),
  );
  return app;
}

describe("the access log", () => {
  it("logs id, method, route pattern, status, duration and user, but not the path's values", async () => {
    const response = await app().request("/api/plates/GBB01B?token=secret");
    expect(response.status).toBe(200);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({
      msg: "request",
      method: "GET",
      route: "/api/plates/:plate",
      status: 200,
      userId: 7,
    });
    expect(entry.requestId).toBe(response.headers.get("x-request-id"));
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(lines[0]).not.toContain("GBB01B");
    expect(lines[0]).not.toContain("secret");
  });

  it("keeps a well-formed request id from the proxy and replaces a malformed one", async () => {
    const kept = await app().request("/healthz", { headers: { "x-request-id": "proxy-1234abcd" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-1234abcd");
    const replaced = await app().request("/healthz", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs health checks only at debug level", async () => {
    await app().request("/healthz");
    expect(lines).toEqual([]);
  });

  it("logs an accepted tracking event only at debug level, a refused one as any request", async () => {
    await app().request("/api/collect", { method: "POST", body: "{}" });
    expect(lines).toEqual([]);
    await app().request("/api/collect", { method: "POST" });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "info", route: "/api/collect", status: 400 }),
    ]);
  });

  it("counts requests and rate-limit refusals per route pattern", async () => {
    const server = app();
    // The metrics are per process: read the figures before and after rather than assume them zero.
    const figure = async (series: string) => metricValue(await renderMetrics(":memory:"), series);
    const series = 'wasbord_http_requests_total{method="POST",route="/api/busy",status="429"}';
    const [before, refusedBefore] = [
      await figure(series),
      await figure('wasbord_rate_limited_total{route="/api/busy"}'),
    ];
    await server.request("/api/busy", { method: "POST" });
    await server.request("/api/busy", { method: "POST" });
    expect(await figure(series)).toBe(before + 2);
    expect(await figure('wasbord_rate_limited_total{route="/api/busy"}')).toBe(refusedBefore + 2);
  });
});
