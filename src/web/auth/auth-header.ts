/** The one place that knows where the sign-in lives: localStorage, key `auth_header`, value `Bearer <token>`. */
export const AUTH_HEADER_KEY = "auth_header";

export const authHeader = {
  set(accessToken: string): void {
    localStorage.setItem(AUTH_HEADER_KEY, `Bearer ${accessToken}`);
  },
  get(): string | null {
    return localStorage.getItem(AUTH_HEADER_KEY);
  },
  has(): boolean {
    return localStorage.getItem(AUTH_HEADER_KEY) !== null;
  },
  remove(): void {
    localStorage.removeItem(AUTH_HEADER_KEY);
  },
};
