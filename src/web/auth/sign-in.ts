import { runtimeConfig } from "../lib/runtime-config.ts";
import { authHeader } from "./auth-header.ts";
import { clearIdentity, loadIdentity } from "./identity.ts";

const PENDING_KEY = "auth_pending";

/**
 * Set once this page has sent the browser to the provider, to sign in or out. The first of those wins: a
 * request that goes out after a sign-out took the header (a screen refreshing while the provider's logout
 * page loads) answers 401, and a new sign-in then would cancel the logout and sign the person straight in
 * again.
 */
let leaving = false;

/** Notes that the page is leaving; false when it already was. */
function leave(): boolean {
  if (leaving) return false;
  leaving = true;
  // A page the browser brings back from its cache (Back after the logout) starts afresh.
  window.addEventListener("pageshow", () => (leaving = false), { once: true });
  return true;
}

interface PendingSignIn {
  state: string;
  nonce: string;
  returnTo: string;
}

const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
};

/** The provider's authorize URL with every parameter of the sign-in contract. */
export function authorizeUrl(origin: string, state: string, nonce: string): string {
  const config = runtimeConfig();
  const url = new URL(config.authorizeUrl);
  url.searchParams.set("response_type", config.responseType);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", `${origin}/auth/callback`);
  url.searchParams.set("scope", config.scope);
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("audience", config.audience);
  return url.toString();
}

/** Sends the browser to the hosted login; afterwards the callback returns to `returnTo`. */
export function startSignIn(returnTo: string): void {
  if (!leave()) return;
  const pending: PendingSignIn = { state: randomToken(), nonce: randomToken(), returnTo };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(authorizeUrl(window.location.origin, pending.state, pending.nonce));
}

/** The sign-in this tab started, taken once: a state can be used for one callback only. */
export function takePendingSignIn(): PendingSignIn | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  try {
    return raw ? (JSON.parse(raw) as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/** Forgets the sign-in here and ends the session at the provider, which sends the browser back to the app. */
export function signOut(): void {
  leave();
  const idToken = loadIdentity()?.idToken;
  authHeader.remove();
  clearIdentity();
  const { logoutUrl, clientId } = runtimeConfig();
  if (!logoutUrl) {
    window.location.assign("/");
    return;
  }
  const url = new URL(logoutUrl);
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("post_logout_redirect_uri", `${window.location.origin}/`);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  window.location.assign(url.toString());
}
