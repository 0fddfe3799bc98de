import { AsyncLocalStorage } from "node:async_hooks";

// The server's log: one JSON object per line in production (for journald, Loki, …), one readable line per
// event in development. Fields that belong to the request being served (its id) are added from an
// AsyncLocalStorage, so a line logged deep inside a handler still says which request it came from.

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = "json" | "pretty";
export type LogFields = Record<string, unknown>;

export interface LoggerOptions {
  level: LogLevel;
  format: LogFormat;
  /** Where lines go; default stdout. */
  write?: (line: string) => void;
}

const requestFields = new AsyncLocalStorage<LogFields>();

/** Runs `work` with `fields` added to every line it logs. */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
  return requestFields.run(fields, work);
}

// Secrets that may end up inside an error message: an access token (a JWT) or an API key (wb_…).
const SECRETS = /\beyJ[\w-]+\.[\w-]+\.[\w-]+|\bwb_[\w-]{8,}/g;
const scrub = (text: string) => text.replace(SECRETS, "[redacted]");

function plain(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: scrub(value.message), stack: value.stack && scrub(value.stack) };
  }
  return typeof value === "string" ? scrub(value) : value;
}

export class Logger {
  private readonly threshold: number;
  private readonly write: (line: string) => void;

  constructor(private readonly options: LoggerOptions) {
    this.threshold = LOG_LEVELS.indexOf(options.level);
    this.write = options.write ?? ((line) => process.stdout.write(`${line}\n`));
  }

  debug(msg: string, fields?: LogFields): void {
    this.log("debug", msg, fields);
  }
  info(msg: string, fields?: LogFields): void {
    this.log("info", msg, fields);
  }
  warn(msg: string, fields?: LogFields): void {
    this.log("warn", msg, fields);
  }
  error(msg: string, fields?: LogFields): void {
    this.log("error", msg, fields);
  }

  enabled(level: LogLevel): boolean {
    return LOG_LEVELS.indexOf(level) >= this.threshold;
  }

  log(level: LogLevel, msg: string, fields: LogFields = {}): void {
    if (!this.enabled(level)) return;
    const time = new Date();
    const all = { ...requestFields.getStore(), ...fields };
    const entries = Object.entries(all)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, plain(value)] as const);
    if (this.options.format === "json") {
      this.write(
        JSON.stringify({ time: time.toISOString(), level, msg: scrub(msg), ...Object.fromEntries(entries) }),
      );
      return;
    }
    const clock = time.toISOString().slice(11, 23);
    const rest = entries.map(([key, value]) => {
      if (value && typeof value === "object" && "stack" in value) return `\n${(value as Error).stack}`;
      return ` ${key}=${typeof value === "string" ? value : JSON.stringify(value)}`;
    });
    this.write(`${clock} ${level.toUpperCase().padEnd(5)} ${scrub(msg)}${rest.join("")}`);
  }
}

/**
 * The process's logger; start-up replaces it with one configured from LOG_LEVEL and NODE_ENV. Tests that
 * build the app in-process never configure it: there it writes only warnings and errors.
 */
export let logger = new Logger({
  level: process.env.NODE_ENV === "test" ? "warn" : "info",
  format: process.env.NODE_ENV === "development" ? "pretty" : "json",
});

export function configureLogger(options: LoggerOptions): Logger {
  logger = new Logger(options);
  return logger;
}
