/** What the server tells the SPA at start (`GET /api/config`), so one build runs in every environment. */
export interface RuntimeConfig {
  authorizeUrl: string;
  logoutUrl: string | null;
  clientId: string;
  audience: string;
  responseType: string;
  scope: string;
  apiBaseUrl: string;
  cdnBaseUrl: string;
}

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch("/api/config", { credentials: "same-origin" });
  if (!response.ok) throw new Error(`/api/config answered ${response.status}`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error("runtime configuration not loaded yet");
  return current;
}
