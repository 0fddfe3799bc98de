import { createServer } from "node:net";

// Ports for servers that must know theirs before they start (the app, its login, a test's SMTP server).
// Asking the OS for a free one (port 0) and handing it on races: between closing it and the server's listen,
// the OS may give that very port to anything else that asks for port 0 — the app's own in-app SMTP server did,
// and the app then failed to start with EADDRINUSE. So the ports come from below the OS's ephemeral range
// (32768–60999 on Linux), where it never hands one out by itself, and each test worker (Vitest's pool,
// Playwright's worker) has a band of its own, counted through so that one process never hands one out twice.

const BAND_START = 20_000;
const BAND_SIZE = 2_000;
const BANDS = 6;
const worker = Number(process.env.VITEST_POOL_ID ?? process.env.TEST_WORKER_INDEX ?? 0) % BANDS;
const band = BAND_START + worker * BAND_SIZE;
let next = Math.floor(Math.random() * BAND_SIZE);

/** A port nobody listens on right now, outside the range the OS hands out, not given out before here. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < BAND_SIZE; tried++) {
    const port = band + (next++ % BAND_SIZE);
    if (await free(port)) return port;
  }
  throw new Error(`no free port in ${band}–${band + BAND_SIZE - 1}`);
}

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
