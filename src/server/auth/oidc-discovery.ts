/** The parts of the provider's discovery document Wasbord uses. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
}

/** Reads `/.well-known/openid-configuration`, retrying briefly so a provider that is still starting is waited for. */
export async function discover(issuer: string, attempts = 10): Promise<ProviderMetadata> {
  const url = `${issuer}/.well-known/openid-configuration`;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const metadata = (await response.json()) as ProviderMetadata;
      if (!metadata.authorization_endpoint || !metadata.jwks_uri)
        throw new Error("incomplete discovery document");
      return metadata;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
    }
  }
  throw new Error(`Cannot read the identity provider's configuration at ${url}: ${String(lastError)}`);
}
