import { escapeHtml } from "../http/html.ts";
import type { OpenApiDocument } from "./document.ts";
import { schemaText } from "./schema-text.ts";

// /api/docs: the OpenAPI document as one server-rendered HTML page, grouped by tag. No script and nothing
// from a CDN, so it works offline and under the app's Content-Security-Policy.

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: unknown };
type Content = Record<string, { schema?: unknown; example?: unknown }>;
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, unknown>[];
  "x-roles"?: readonly string[];
  parameters?: Parameter[];
  requestBody?: { description?: string; content: Content };
  responses: Record<string, { description: string; content?: Content }>;
};

/** `code` spans in the descriptions, the only markup they use. */
const prose = (text: string) =>
  escapeHtml(text)
    .split(/\n\n+/)
    .map((paragraph) => `<p>${paragraph.replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`)
    .join("");

function access(operation: Operation): string {
  if (!operation.security?.length) return "openbaar";
  if (operation.security.some((scheme) => "ingestBearer" in scheme)) return "API-sleutel";
  return `token; rol: ${(operation["x-roles"] ?? []).join(" of ")}`;
}

function content(body: Content | undefined): string {
  if (!body) return "";
  return Object.entries(body)
    .map(([type, { schema }]) =>
      schema ? `<div class="type">${escapeHtml(type)}</div><pre>${escapeHtml(schemaText(schema))}</pre>` : "",
    )
    .join("");
}

function parametersTable(parameters: Parameter[]): string {
  if (parameters.length === 0) return "";
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? "" : "?"}</td><td>${escapeHtml(p.in)}</td>` +
      `<td><code>${escapeHtml(schemaText(p.schema))}</code></td><td>${escapeHtml(p.description ?? "")}</td></tr>`,
  );
  return `<table><thead><tr><th>parameter</th><th>in</th><th>type</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function operationHtml(method: string, path: string, operation: Operation): string {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
  const responses = Object.entries(operation.responses).map(
    ([status, response]) =>
      `<li><span class="status s${status[0]}">${status}</span> ${escapeHtml(response.description)}${content(response.content)}</li>`,
  );
  return `<section class="operation" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(operation.summary ?? "")} <span class="access">${escapeHtml(access(operation))}</span></p>
${operation.description ? prose(operation.description) : ""}
${parametersTable(operation.parameters ?? [])}
${operation.requestBody ? `<h4>Verzoek</h4>${operation.requestBody.description ? prose(operation.requestBody.description) : ""}${content(operation.requestBody.content)}` : ""}
<h4>Antwoorden</h4><ul class="responses">${responses.join("")}</ul>
</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
main{max-width:980px;margin:0 auto;padding:16px}h1{margin:8px 0}h2{margin-top:40px;border-bottom:2px solid #dee2e6}
nav ul{columns:2;padding-left:18px}.operation{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:4px 16px;margin:14px 0}
h3{font-size:16px;word-break:break-all}.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px;background:#495057}
.get{background:#1c7ed6}.post{background:#2f9e44}.put{background:#e67700}.delete{background:#c92a2a}
.access{color:#495057;font-size:13px;border:1px solid #ced4da;border-radius:10px;padding:0 8px;margin-left:6px;white-space:nowrap}
pre{background:#f1f3f5;padding:8px;border-radius:4px;overflow-x:auto;font-size:13px}table{border-collapse:collapse;width:100%;font-size:14px;display:block;overflow-x:auto}
td,th{border-bottom:1px solid #e9ecef;text-align:left;padding:4px 8px;vertical-align:top}.type{font-size:12px;color:#868e96}
.responses{list-style:none;padding:0}.responses li{margin:6px 0}.status{font-weight:600}.s2{color:#2f9e44}.s4{color:#c92a2a}
code{font-size:13px}@media (max-width:600px){nav ul{columns:1}}`;

export function renderReferencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation: operation as Operation })),
  );
  const sections = document.tags
    .map((tag) => {
      const own = operations.filter(({ operation }) => operation.tags?.[0] === tag.name);
      if (own.length === 0) return "";
      return `<h2 id="tag-${tag.name}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description)}</p>${own
        .map(({ method, path, operation }) => operationHtml(method, path, operation))
        .join("\n")}`;
    })
    .join("\n");
  const toc = document.tags
    .map(
      (tag) =>
        `<li><a href="#tag-${tag.name}">${escapeHtml(tag.name)}</a> — ${escapeHtml(tag.description)}</li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wasbord API</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(document.info.title)}</h1>
${prose(document.info.description)}
<p>${operations.length} aanroepen. Machineleesbaar: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>
<nav><ul>${toc}</ul></nav>
${sections}
</main></body></html>`;
}
