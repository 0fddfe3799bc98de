import { randomBytes, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { ApiError } from "../http/errors.ts";

/** The framework-default names (Angular's, also axios'): the SPA reads the cookie and echoes the header. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A state-changing request passes only when its header repeats the cookie the server issued. */
export function isXsrfValid(method: string, cookie: string | undefined, header: string | undefined): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (!cookie || !header) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Issues the cookie when missing and refuses state-changing calls whose header does not match it. */
export function xsrfProtection(secureCookie: boolean): MiddlewareHandler {
  return async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE);
    if (!isXsrfValid(c.req.method, cookie, c.req.header(XSRF_HEADER))) {
      throw new ApiError(
        403,
        "xsrf_mismatch",
        "Het beveiligingstoken (XSRF) ontbreekt of klopt niet. Herlaad de pagina.",
      );
    }
    if (!cookie) {
      setCookie(c, XSRF_COOKIE, randomBytes(32).toString("base64url"), {
        path: "/",
        sameSite: "Strict",
        secure: secureCookie,
        httpOnly: false,
      });
    }
    await next();
  };
}
