import { secureHeaders } from "hono/secure-headers";

/**
 * Strict headers for every response. The CSP allows no inline script; inline styles are allowed because
 * Mantine sets its CSS variables through a style element. The identity provider is a form/connect target.
 * Strict-Transport-Security only when the server is reached over https (PUBLIC_URL): over plain http it
 * means nothing to a browser, and on a development machine it would pin localhost to https.
 */
export function securityHeaders(issuerOrigin: string, https: boolean) {
  return secureHeaders({
    strictTransportSecurity: https ? "max-age=15552000; includeSubDomains" : false,
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
