import { escapeHtml } from "../http/html.ts";

/** The small public page an opt-out link opens (no sign-in, no app): a title and a few lines of HTML. */
export function optOutPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Wasbord</title></head>
<body style="margin:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<main style="max-width:520px;margin:48px auto;padding:24px;background:#fff;border-radius:6px;line-height:1.5">
<div style="font-size:13px;color:#1971c2;font-weight:bold;letter-spacing:.5px">WASBORD</div>
<h1 style="font-size:22px;margin:8px 0 16px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}
