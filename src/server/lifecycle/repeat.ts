import { logger } from "../logging/logger.ts";

/**
 * Runs `task` after `firstAfterMs` and then every `intervalMs`, one run at a time: a tick while a run is in
 * flight is skipped, and a failed run is logged and does not stop the schedule. Returns the function that
 * stops it; that resolves once a run in flight has finished, so shutdown closes what the run uses after it.
 */
export function repeat(
  name: string,
  task: () => Promise<unknown>,
  intervalMs: number,
  firstAfterMs = intervalMs,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= task()
      .then(
        () => {},
        (error) => logger.error(`${name} failed`, { error }),
      )
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout = setTimeout(() => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  }, firstAfterMs);
  timer.unref();
  return async () => {
    clearTimeout(timer); // clears an interval as well
    await running;
  };
}
