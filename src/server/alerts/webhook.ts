import { createHmac } from "node:crypto";

// A webhook message: a JSON POST signed with the rule's shared secret. The signature is the HMAC-SHA256,
// keyed with the secret, of `<timestamp>.<body>` (the timestamp header, a dot, the raw body bytes), sent as
// `X-Wasbord-Signature: sha256=<hex>`. The timestamp is inside what is signed, so a receiver that rejects
// old timestamps (say, older than 5 minutes) cannot be fooled by a replayed message: the Stripe scheme.

export const SIGNATURE_HEADER = "X-Wasbord-Signature";
export const TIMESTAMP_HEADER = "X-Wasbord-Timestamp";

/** How long a receiver gets to answer before the attempt counts as failed. */
const TIMEOUT_MS = 10_000;

export const signature = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

/** POSTs `payload`; resolves when the receiver answered 2xx, throws with a short Dutch reason otherwise. */
export async function postWebhook(
  url: string,
  secret: string,
  payload: unknown,
  meta: { event: string; deliveryId: number; now: Date },
): Promise<void> {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(meta.now.getTime() / 1000);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Wasbord-Alerts/1",
        "X-Wasbord-Event": meta.event,
        "X-Wasbord-Delivery": String(meta.deliveryId),
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signature(secret, timestamp, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? "geen antwoord binnen 10 s"
        : "niet bereikbaar";
    throw new Error(`Webhook ${reason}.`);
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Webhook antwoordde HTTP ${response.status}.`);
}
