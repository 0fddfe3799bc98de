import { authHeader } from "../auth/auth-header.ts";
import { startSignIn } from "../auth/sign-in.ts";
import { runtimeConfig } from "./runtime-config.ts";
import { needsXsrfHeader, readCookie } from "./xsrf.ts";

export interface FieldError {
  path: string;
  message: string;
  row?: number;
}

/** An API answer other than 2xx, in the server's one error shape. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

/**
 * The one HTTP client: sends the auth header, the XSRF header where it belongs, turns 401 into a new
 * sign-in and every error into an ApiRequestError with a Dutch message.
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await apiRequest(path, { ...init, accept: "application/json" });
  return (response.status === 204 ? null : await response.json().catch(() => null)) as T;
}

/** The successful response of an API call, for callers that read it as something other than JSON (files). */
export async function apiRequest(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; accept?: string } = {},
): Promise<Response> {
  const method = init.method ?? "GET";
  const url = `${runtimeConfig().apiBaseUrl}${path}`;
  const headers: Record<string, string> = { accept: init.accept ?? "*/*" };
  const auth = authHeader.get();
  if (auth) headers.authorization = auth;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (needsXsrfHeader(method, url)) headers["x-xsrf-token"] = readCookie("XSRF-TOKEN") ?? "";

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiRequestError(
      0,
      "network",
      "De server is niet bereikbaar. Controleer de verbinding en probeer opnieuw.",
    );
  }
  if (response.status === 401) {
    authHeader.remove();
    startSignIn(window.location.pathname + window.location.search);
    throw new ApiRequestError(401, "unauthenticated", "Je wordt opnieuw aangemeld…");
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => null))?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? "http_error",
      error?.message ?? `De server gaf een fout (${response.status}).`,
      error?.fields ?? [],
    );
  }
  return response;
}
