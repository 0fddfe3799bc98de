import { secureHeaders } from "hono/secure-headers";

/**
 * Strict headers for every response. The CSP allows no inline script; inline styles are allowed because
 * Mantine sets its CSS variables through a style element. The identity provider is a form/connect target.
 */
export function securityHeaders(issuerOrigin: string) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", issuerOrigin],
      formAction: ["'self'", issuerOrigin],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    // A route that sets one of these headers itself keeps it: /t.js is embedded by other websites and
    // answers Cross-Origin-Resource-Policy: cross-origin.
    overwrite: false,
  });
}
