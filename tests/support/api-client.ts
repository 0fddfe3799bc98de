/**
 * A signed-in person's calls to a started Wasbord, for API tests: the bearer token on every call and, on
 * state-changing ones, the XSRF cookie plus its header (taken once from GET /api/config). Answers are
 * `{ status, body }`: the parsed JSON, or the text for other content types.
 */

// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever shape the endpoint it calls answers with
type AnyBody = any;

export interface ApiResponse<T = AnyBody> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  get<T = AnyBody>(path: string): Promise<ApiResponse<T>>;
  post<T = AnyBody>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  put<T = AnyBody>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  patch<T = AnyBody>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  delete<T = AnyBody>(path: string, body?: unknown): Promise<ApiResponse<T>>;
}

export function apiClient(server: { url: string }, token: string): ApiClient {
  let xsrf: Promise<string> | undefined;
  const xsrfToken = () => {
    xsrf ??= fetch(`${server.url}/api/config`).then((response) => {
      const value = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
      if (!value) throw new Error("GET /api/config set no XSRF-TOKEN cookie");
      return value;
    });
    return xsrf;
  };

  async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
    if (method !== "GET" && method !== "HEAD") {
      const value = await xsrfToken();
      headers.cookie = `XSRF-TOKEN=${value}`;
      headers["x-xsrf-token"] = value;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = (response.headers.get("content-type") ?? "").includes("application/json");
    return {
      status: response.status,
      body: (json && text ? JSON.parse(text) : text) as T,
      headers: response.headers,
    };
  }

  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    put: (path, body) => call("PUT", path, body),
    patch: (path, body) => call("PATCH", path, body),
    delete: (path, body) => call("DELETE", path, body),
  };
}
