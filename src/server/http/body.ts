import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { ApiError } from "./errors.ts";

// Every request body is read through here. The limit holds while the body streams in — a declared
// Content-Length over it is refused before reading, and a chunked body (no length) is cut off at the first
// byte past it — so no request makes the server hold more than `maxBytes` of it in memory.

/** Request-body limits per kind of endpoint, in bytes. */
export const BODY_LIMITS = {
  /** One tracking event from a website (public). */
  collect: 16 * 1024,
  /** A form of the admin screens or an experiment. */
  form: 64 * 1024,
} as const;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`;

export const bodyTooLarge = (maxBytes: number, message = `De aanvraag is groter dan ${size(maxBytes)}.`) =>
  new ApiError(413, "too_large", message);

/** The body as UTF-8 text; `tooLarge` (413) once it passes `maxBytes`. */
export async function readBodyText(
  c: Context,
  maxBytes: number,
  tooLarge: () => ApiError = () => bodyTooLarge(maxBytes),
): Promise<string> {
  const declared = Number(c.req.header("content-length"));
  if (declared > maxBytes) throw refuse(c, tooLarge);
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of bodyChunks(c)) {
    received += chunk.byteLength;
    if (received > maxBytes) throw refuse(c, tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, received).toString("utf8");
}

/**
 * Refuses the body, and reads what the client still sends of it into nothing: left unread, the connection
 * stalled with both sides' buffers full, the client's close never arrived, and a shutdown waited its whole
 * grace period (10 s) for that "request in flight". Closing it instead reset the connection under a client
 * still sending, which then lost the 413.
 */
function refuse(c: Context, tooLarge: () => ApiError): ApiError {
  incomingOf(c)?.resume();
  return tooLarge();
}

const incomingOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.incoming;

/**
 * The body's chunks. Under the Node server they come from its request stream itself: asking the web Request
 * for its body made the adapter build a full Request with a web stream and an AbortSignal, about a tenth of
 * the CPU of a tracking event.
 */
function bodyChunks(c: Context): AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
  const incoming = incomingOf(c);
  // Not destroyed on leaving the loop early: a refused body is read on into nothing (refuse).
  if (incoming) return incoming.iterator({ destroyOnReturn: false });
  const body = c.req.raw.body;
  return body ?? [];
}

/** The body parsed as JSON: 413 past `maxBytes`, 400 `invalid_json` when it does not parse. */
export async function readJsonBody(
  c: Context,
  maxBytes: number,
  tooLarge?: () => ApiError,
): Promise<unknown> {
  const text = await readBodyText(c, maxBytes, tooLarge);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "De aanvraag is geen geldige JSON.");
  }
}
