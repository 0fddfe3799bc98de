import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../logging/logger.ts";
import { repeat } from "./repeat.ts";

describe("repeat", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs first after firstAfterMs, then every interval, skipping ticks while a run is in flight", async () => {
    vi.useFakeTimers();
    const finishers: (() => void)[] = [];
    const task = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
    const stop = repeat("test task", task, 60_000, 1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    // at 61 s the first run is still going: that tick is skipped
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
    finishers[0]();
    await vi.advanceTimersByTimeAsync(60_000); // 121 s
    expect(task).toHaveBeenCalledTimes(2);
    finishers[1]();
    await stop();
  });

  it("stops with a run in flight only once that run has finished, and runs no more", async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = repeat("test task", task, 60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("logs a failed run under its name and goes on", async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const failure = new Error("mail server away");
    const task = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const stop = repeat("test task", task, 60_000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalledExactlyOnceWith("test task failed", { error: failure });
    errors.mockRestore();
    await stop();
  });
});
