import { isIP } from "node:net";

// The visitor's IP address, used only in memory (visitor id hash, rate limit) and never stored.
// X-Forwarded-For can be written by anyone, so it is believed only when the connection itself comes from a
// loopback or private address, i.e. from a reverse proxy in front of Wasbord; the address taken is the
// right-most one that is not such a proxy (the client as the outermost proxy saw it).

const PRIVATE_V4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./];

function bare(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, "");
  return trimmed.toLowerCase().startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4
    ? trimmed.slice(7)
    : trimmed;
}

export function isProxyAddress(address: string): boolean {
  const ip = bare(address).toLowerCase();
  if (isIP(ip) === 4) return PRIVATE_V4.some((range) => range.test(ip));
  return ip === "::1" || ip.startsWith("fc") || ip.startsWith("fd") || ip.startsWith("fe80:");
}

export function clientAddress(remote: string | undefined, forwardedFor: string | undefined): string {
  const peer = bare(remote ?? "");
  if (!forwardedFor || !isProxyAddress(peer)) return peer;
  const hops = forwardedFor
    .split(",")
    .map(bare)
    .filter((hop) => isIP(hop) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isProxyAddress(hops[i])) return hops[i];
  }
  return hops[0] ?? peer;
}
