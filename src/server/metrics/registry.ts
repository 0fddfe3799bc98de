// Just enough of the Prometheus client model for Wasbord's own metrics: counters, gauges read at scrape
// time, and histograms, each with labels, rendered in the text exposition format (version 0.0.4).

type Labels = Record<string, string>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabel(value)}"`);
  return pairs.length ? `{${pairs.join(",")}}` : "";
};
const keyOf = (labels: Labels) => JSON.stringify(labels);
const number = (value: number) => (Number.isFinite(value) ? String(value) : value > 0 ? "+Inf" : "-Inf");

interface Metric {
  render(): Promise<string[]> | string[];
}

abstract class Family implements Metric {
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly type: "counter" | "gauge" | "histogram",
  ) {}

  protected header(): string[] {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
  }

  abstract render(): Promise<string[]> | string[];
}

export class Counter extends Family {
  private readonly values = new Map<string, { labels: Labels; value: number }>();

  constructor(name: string, help: string, initial: Labels[] = [{}]) {
    super(name, help, "counter");
    // Series known up front are shown at 0, so a rate() over them works before the first event.
    for (const labels of initial) this.inc(labels, 0);
  }

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }

  render(): string[] {
    return [
      ...this.header(),
      ...[...this.values.values()].map(({ labels, value }) => `${this.name}${labelText(labels)} ${value}`),
    ];
  }
}

/** A value read when Prometheus scrapes (file sizes, memory); a reading of null leaves the series out. */
export class Gauge extends Family {
  constructor(
    name: string,
    help: string,
    private readonly read: () => Promise<number | null> | number | null,
  ) {
    super(name, help, "gauge");
  }

  async render(): Promise<string[]> {
    const value = await this.read();
    return value === null ? [] : [...this.header(), `${this.name} ${number(value)}`];
  }
}

export class Histogram extends Family {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();

  constructor(
    name: string,
    help: string,
    private readonly buckets: number[],
  ) {
    super(name, help, "histogram");
  }

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    this.buckets.forEach((bound, i) => {
      if (value <= bound) (entry as { counts: number[] }).counts[i] += 1;
    });
    entry.sum += value;
    entry.count += 1;
  }

  render(): string[] {
    const lines = this.header();
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((bound, i) => {
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: number(bound) })} ${counts[i]}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: "+Inf" })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];

  register<T extends Metric>(metric: T): T {
    this.metrics.push(metric);
    return metric;
  }

  async render(): Promise<string> {
    const blocks = await Promise.all(this.metrics.map((metric) => metric.render()));
    return `${blocks.flat().join("\n")}\n`;
  }
}
