import { authHeader } from "./auth-header.ts";
import { startSignIn } from "./sign-in.ts";

/**
 * Loader of every guarded module: without a stored auth header the browser goes to the hosted login,
 * and nothing of the module loads or renders meanwhile.
 */
export function requireSignIn({ request }: { request: Request }): Promise<null> | null {
  if (authHeader.has()) return null;
  const url = new URL(request.url);
  startSignIn(url.pathname + url.search);
  return new Promise(() => {});
}
