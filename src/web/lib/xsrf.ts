/** Non-GET/HEAD calls to relative URLs repeat the XSRF cookie in a header; absolute URLs never get it. */
export function needsXsrfHeader(method: string, url: string): boolean {
  const upper = method.toUpperCase();
  if (upper === "GET" || upper === "HEAD") return false;
  return !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);
}

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}
