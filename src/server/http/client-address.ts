import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

// Who a request comes from, for rate limits and failure throttling (the visitor id hash of tracking uses it
// too; it is never stored). The connection's peer address is the client, unless the peer is one of the
// reverse proxies named in TRUSTED_PROXIES: then X-Forwarded-For is read from the right, where the trusted
// proxies wrote, and the first address that is not one of them is the client. Everything left of it was
// written by the client itself and is never believed, so neither a made-up header nor a rotating
// User-Agent gives a client a new identity.

/** `::ffff:203.0.113.7` → `203.0.113.7`; `[2001:db8::1]` → `2001:db8::1`. */
function bare(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, "");
  return trimmed.toLowerCase().startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4
    ? trimmed.slice(7)
    : trimmed.toLowerCase();
}

/** A TRUSTED_PROXIES entry: an IPv4 or IPv6 address, or a CIDR range (`10.0.0.0/8`). */
export function isProxyEntry(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

export type ProxyCheck = (address: string) => boolean;

/** Whether an address is one of the trusted proxies. */
export function trustedProxies(entries: readonly string[]): ProxyCheck {
  const list = new BlockList();
  for (const entry of entries) {
    if (!isProxyEntry(entry)) throw new Error(`not an address or CIDR range: ${entry}`);
    const [address, prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 6 ? "ipv6" : "ipv4");
  };
}

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: ProxyCheck,
): string {
  const address = bare(peer ?? "");
  if (!forwardedFor || !trusted(address)) return address;
  const hops = forwardedFor.split(",").map(bare);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trusted(hops[i])) return hops[i];
  }
  return hops[0] || address;
}

/** The client address of a request to the Hono app, by TRUSTED_PROXIES. */
export function clientAddressOf(trusted: readonly string[]): (c: Context) => string {
  const isTrusted = trustedProxies(trusted);
  return (c) => clientAddress(peerAddress(c), c.req.header("x-forwarded-for"), isTrusted);
}

/** The peer address of the connection; absent when the app is called in-process (tests). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
