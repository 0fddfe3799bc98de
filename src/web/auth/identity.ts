/** Claims of the id token, kept beside the auth header: who is signed in, and the hint for logging out. */
export interface StoredIdentity {
  nickname?: string;
  email?: string;
  idToken?: string;
}

const IDENTITY_KEY = "auth_identity";

export function saveIdentity(identity: StoredIdentity): void {
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
}

export function loadIdentity(): StoredIdentity | null {
  try {
    return JSON.parse(localStorage.getItem(IDENTITY_KEY) ?? "null") as StoredIdentity | null;
  } catch {
    return null;
  }
}

export function clearIdentity(): void {
  localStorage.removeItem(IDENTITY_KEY);
}

/** The account text of the header: nickname, else e-mail, else the spec's placeholder. */
export function accountText(identity: StoredIdentity | null): string {
  return identity?.nickname || identity?.email || "Account TXT";
}

/** Reads a JWT's payload without checking it: the server checks tokens, the browser only displays claims. */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split(".")[1] ?? "";
  const json = atob(
    part
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(part.length / 4) * 4, "="),
  );
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (ch) => ch.charCodeAt(0))));
}
