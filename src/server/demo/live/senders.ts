import type { PlateReadRow, TransactionRow } from "../../../shared/ingest.ts";
import type { MembershipEvent } from "../../../shared/membership-events.ts";
import type { WeatherForecastRow } from "../../../shared/weather.ts";
import type { WebHit } from "./day-plan.ts";

// The live demo's devices: the cameras and tills post their rows to /api/ingest/* with the simulator's API
// key, the visitors' browsers post their events to /api/collect, as the tracking script would.

/** Rows per request: well under the ingestion limit of 10 000. */
const BATCH = 5000;

const USER_AGENTS: Record<string, string> = {
  mobile:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
  tablet:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  desktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

export class LiveSenders {
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly signal: AbortSignal,
  ) {}

  /** Each ingest call answers with the rows stored: those sent before (a restart) are duplicates. */
  plateReads(rows: PlateReadRow[]): Promise<number> {
    return this.ingest("plate-reads", rows);
  }

  transactions(rows: TransactionRow[]): Promise<number> {
    return this.ingest("transactions", rows);
  }

  weather(rows: WeatherForecastRow[]): Promise<number> {
    return this.ingest("weather", rows);
  }

  /** Batches of 5 000 are also the memberships endpoint's limit. */
  memberships(rows: MembershipEvent[]): Promise<number> {
    return this.ingest("memberships", rows);
  }

  private async ingest(endpoint: string, rows: unknown[]): Promise<number> {
    let accepted = 0;
    for (let i = 0; i < rows.length; i += BATCH) {
      const response = await fetch(`${this.url}/api/ingest/${endpoint}`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify(rows.slice(i, i + BATCH)),
        signal: this.signal,
      });
      if (!response.ok)
        throw new Error(`/api/ingest/${endpoint}: ${response.status} ${await response.text()}`);
      accepted += ((await response.json()) as { accepted: number }).accepted;
    }
    return accepted;
  }

  /**
   * One browser event. The simulator speaks as the reverse proxy of its visitors (demo mode trusts loopback
   * in TRUSTED_PROXIES): X-Forwarded-For gives each visitor an address of its own, from the shared address
   * space 100.64.0.0/10 (no real person's), for the visitor id and the rate limit.
   */
  async collect(hit: WebHit): Promise<void> {
    const a = Number.parseInt(hit.visitor.slice(0, 6), 16);
    const address = `100.${64 + ((a >> 16) & 63)}.${(a >> 8) & 255}.${a & 255}`;
    const response = await fetch(`${this.url}/api/collect`, {
      method: "POST",
      headers: {
        origin: `https://${hit.payload.site}`,
        "content-type": "text/plain",
        "user-agent": USER_AGENTS[hit.device] ?? USER_AGENTS.desktop,
        "x-forwarded-for": address,
      },
      body: JSON.stringify(hit.payload),
      signal: this.signal,
    });
    if (!response.ok) throw new Error(`/api/collect: ${response.status} ${await response.text()}`);
  }
}
