import { describe, expect, it } from "vitest";
import { Counter, Gauge, Histogram, Registry } from "./registry.ts";

describe("the metrics registry", () => {
  it("renders counters, gauges and histograms in the Prometheus text format", async () => {
    const registry = new Registry();
    const requests = registry.register(new Counter("t_requests_total", "Requests.", [{ route: "/a" }]));
    requests.inc({ route: "/b" }, 2);
    requests.inc({ route: "/b" });
    registry.register(new Gauge("t_bytes", "Bytes.", () => 42));
    registry.register(new Gauge("t_absent", "Left out.", () => null));
    const latency = registry.register(new Histogram("t_seconds", "Latency.", [0.1, 1]));
    latency.observe({ route: "/a" }, 0.05);
    latency.observe({ route: "/a" }, 0.5);
    latency.observe({ route: "/a" }, 3);

    // 0.05 falls in every bucket, 0.5 in le=1 and +Inf, 3 only in +Inf; sum 3.55, count 3.
    expect(await registry.render()).toBe(
      [
        "# HELP t_requests_total Requests.",
        "# TYPE t_requests_total counter",
        't_requests_total{route="/a"} 0',
        't_requests_total{route="/b"} 3',
        "# HELP t_bytes Bytes.",
        "# TYPE t_bytes gauge",
        "t_bytes 42",
        "# HELP t_seconds Latency.",
        "# TYPE t_seconds histogram",
        't_seconds_bucket{route="/a",le="0.1"} 1',
        't_seconds_bucket{route="/a",le="1"} 2',
        't_seconds_bucket{route="/a",le="+Inf"} 3',
        't_seconds_sum{route="/a"} 3.55',
        't_seconds_count{route="/a"} 3',
        "",
      ].join("\n"),
    );
  });

  it("escapes quotes, backslashes and newlines in label values", async () => {
    const registry = new Registry();
    registry.register(new Counter("t_total", "T.", [{ route: 'a"b\\c\nd' }]));
    expect(await registry.render()).toContain('t_total{route="a\\"b\\\\c\\nd"} 0');
  });
});
