import type { Server } from "node:http";
import { logger } from "../logging/logger.ts";

/** Work a module must finish before the process exits (counters kept in memory, say). */
export type ShutdownTask = () => Promise<void>;

export interface ShutdownPlan {
  /** Listening servers: they stop accepting at once and get `graceMs` to answer what they are serving. */
  servers: Server[];
  graceMs: number;
  /** Run after the servers are drained, in order: modules' flushes first, then closing the database. */
  tasks: ShutdownTask[];
}

/**
 * Stops the process the way a restart should: no new connections, requests in flight answered (within the
 * grace period; after it, the remaining connections are cut), buffered writes flushed, the database closed.
 * Resolves when all that is done; the caller exits.
 */
export async function shutDown(plan: ShutdownPlan): Promise<void> {
  const started = performance.now();
  const deadline = Date.now() + plan.graceMs;
  const drained = await Promise.all(plan.servers.map((server) => drain(server, deadline)));
  if (drained.includes(false)) {
    logger.warn("requests still in flight after the grace period were cut off", { graceMs: plan.graceMs });
  }
  for (const task of plan.tasks) {
    try {
      await task();
    } catch (error) {
      logger.error("shutdown step failed", { error });
    }
  }
  logger.info("stopped", { durationMs: Math.round(performance.now() - started) });
}

const POLL_MS = 50;

/** Resolves true once every connection has ended, false when the deadline cut them off. */
function drain(server: Server, deadline: number): Promise<boolean> {
  return new Promise((resolve) => {
    let finished = false;
    server.close(() => {
      finished = true;
      clearInterval(poll);
      resolve(true);
    });
    // A keep-alive connection turns idle after each answer; close it then rather than wait for the client.
    const poll = setInterval(() => {
      if (finished) return;
      server.closeIdleConnections();
      if (Date.now() >= deadline) {
        clearInterval(poll);
        server.closeAllConnections();
        resolve(false);
      }
    }, POLL_MS);
  });
}
