import { readFileSync } from "node:fs";
import { signInOverHttp } from "../tests/support/idp-login.ts";
import { startWasbord, type WasbordProcess } from "../tests/support/wasbord-process.ts";
import { BENCH_ORIGIN } from "./bench-collect.ts";
import { log } from "./bench-latency.ts";

// The server under benchmark, run as a child process as in production: started, signed in to, watched
// (memory, CPU) and restarted.

export const DEMO = { email: "demo@wasbord.nl", password: "demo" };

/** The production build under plain node, as `npm run start:prod` runs it; `ports` to start again on the same. */
export const startServer = (databasePath: string, today: string, ports: Record<string, string> = {}) =>
  startWasbord({
    databasePath,
    built: true,
    // Simulated website visitors arrive through X-Forwarded-For, as behind a proxy on this machine.
    env: { WASBORD_CLOCK: today, TRACKING_ORIGINS: BENCH_ORIGIN, TRUSTED_PROXIES: "127.0.0.1,::1", ...ports },
  });

/**
 * Waits until the server's background refresher has brought every report table up to date after its start
 * (on a fresh copy it builds them all: minutes at 10×), and /readyz says the rest of the start is done (its
 * checkpoint, today's forecasts: start-up.ts), so that latencies are not measured beside that work.
 */
export async function reportTablesReady(server: WasbordProcess): Promise<void> {
  const started = performance.now();
  const ready = async () =>
    /Rapporttabellen bijgewerkt in/.test(server.output()) &&
    (await fetch(`${server.url}/readyz`)).status === 200;
  while (!(await ready())) {
    // A first round that keeps failing logs its error and never this line: stop rather than wait for ever.
    if (performance.now() - started > 20 * 60_000)
      throw new Error("rapporttabellen na 20 minuten nog niet bij");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`rapporttabellen bijgewerkt na ${Math.round((performance.now() - started) / 1000)} s wachten`);
}

export async function signIn(server: WasbordProcess): Promise<string> {
  const { accessToken } = await signInOverHttp({
    issuer: server.issuer,
    clientId: "wasbord-web",
    redirectUri: `${server.url}/auth/callback`,
    ...DEMO,
  });
  return accessToken;
}

export function peakMemoryOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Starts the server again on the same database and ports, as after a deploy or a crash, and times it: to
 * /healthz, and to the first report answered for someone signed in before (the identity provider keeps its
 * keys beside the database, so their token stays valid, as a browser's session does).
 */
export async function timeRestart(stopped: WasbordProcess, today: string, token: string) {
  const ports = { PORT: new URL(stopped.url).port, IDP_PORT: new URL(stopped.issuer).port };
  const started = performance.now();
  const server = await startServer(stopped.databasePath, today, ports);
  const healthyMs = Math.round(performance.now() - started);
  const response = await fetch(`${server.url}/api/reports/users-unique?period=this-year`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`first report after restart: ${response.status}`);
  await response.arrayBuffer();
  return { server, healthyMs, firstReportMs: Math.round(performance.now() - started) };
}
