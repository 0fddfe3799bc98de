// The websites allowed to send events (TRACKING_ORIGINS): exact origins such as "https://www.wasbord.nl";
// a port of "*" ("http://localhost:*") allows every port of that scheme and host, for development.

export interface AllowedOrigins {
  allows(origin: string | undefined): boolean;
  /** Host names of the allowed sites: a referrer from one of them is internal navigation. */
  hosts: string[];
}

export function allowedOrigins(list: string[]): AllowedOrigins {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  const hosts = new Set<string>();
  for (const entry of list) {
    const wildcard = /^(https?:\/\/[^/:]+):\*$/i.exec(entry);
    const origin = wildcard ? wildcard[1] : entry;
    const url = new URL(origin);
    (wildcard ? anyPort : exact).add(wildcard ? `${url.protocol}//${url.hostname}` : url.origin);
    hosts.add(url.hostname);
  }
  return {
    hosts: [...hosts],
    allows(origin) {
      if (!origin) return false;
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      // An origin is scheme://host[:port] and nothing more; "null" (sandboxed frames) never parses.
      if (url.origin !== origin.toLowerCase().replace(/\/$/, "")) return false;
      return exact.has(url.origin) || anyPort.has(`${url.protocol}//${url.hostname}`);
    },
  };
}
