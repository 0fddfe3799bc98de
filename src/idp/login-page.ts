import { createHash } from "node:crypto";

/**
 * HTML of the identity provider's own pages: sign-in, sign-out, signed-out and error. Plain forms, no
 * script, one small stylesheet allowed by its hash in the Content-Security-Policy.
 */

const STYLE = [
  "body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:48px 16px}",
  "main{max-width:360px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 28px;",
  "box-shadow:0 1px 3px rgba(15,23,42,.2)}",
  "h1{font-size:1.4rem;margin:0 0 16px}",
  "label{display:block;font-weight:600;margin:12px 0 4px}",
  "input{box-sizing:border-box;width:100%;padding:8px;font:inherit;border:1px solid #94a3b8;border-radius:4px}",
  "button{margin-top:20px;width:100%;padding:10px;font:inherit;font-weight:600;color:#fff;",
  "background:#0369a1;border:0;border-radius:4px;cursor:pointer}",
  "button:hover{background:#075985}",
  "button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}",
  ".error{color:#b91c1c;background:#fef2f2;border-radius:4px;padding:8px;margin:0 0 8px}",
  ".hint{font-size:.875rem;color:#475569;margin:20px 0 0}",
].join("");

const styleHash = createHash("sha256").update(STYLE, "utf8").digest("base64");

/** Headers for every HTML page served by the provider, including the pages oidc-provider renders for us. */
export const pageHeaders: Readonly<Record<string, string>> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; frame-ancestors 'none'`,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageOptions {
  /** Where the form posts to. */
  action: string;
  /** Pre-filled e-mail address after a failed attempt. */
  email?: string;
  /** Error message shown above the form. */
  error?: string;
  /** Line naming the demo account, shown in development. */
  hint?: string;
}

export function loginPage({ action, email = "", error, hint }: LoginPageOptions): string {
  const errorHtml = error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>\n` : "";
  const described = error ? ' aria-describedby="login-error"' : "";
  const hintHtml = hint ? `<p class="hint">${escapeHtml(hint)}</p>\n` : "";
  return layout(
    "Inloggen bij Wasbord",
    `${errorHtml}<form method="post" action="${escapeHtml(action)}">
<label for="email">E-mailadres</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}"${described}>
<label for="password">Wachtwoord</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">Inloggen</button>
</form>
${hintHtml}`,
  );
}

/**
 * The confirmation page of RP-initiated logout. `form` is oidc-provider's hidden form (id
 * "op.logoutForm", carrying its XSRF token); the button submits it with logout=yes, which ends the
 * whole session at the provider rather than only this client's part of it.
 */
export function logoutPage(form: string, email?: string): string {
  const who = email ? `<p>U bent aangemeld als <strong>${escapeHtml(email)}</strong>.</p>\n` : "";
  return layout(
    "Afmelden bij Wasbord",
    `${who}<p>Wilt u zich afmelden?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Afmelden</button>
`,
  );
}

export function loggedOutPage(): string {
  return layout("Afgemeld", "<p>U bent afgemeld bij Wasbord. U kunt dit venster sluiten.</p>\n");
}

export function messagePage(title: string, message: string, details?: string): string {
  const detailsHtml = details ? `<p class="hint">${escapeHtml(details)}</p>\n` : "";
  return layout(title, `<p>${escapeHtml(message)}</p>\n${detailsHtml}`);
}
