import { formatChange, formatPointChange } from "../../shared/format.ts";
import type { Kpi, ReportEnvelope } from "../../shared/reports/envelope.ts";
import { COMPARISON_LABELS } from "../../shared/reports/filters.ts";
import { filtersText } from "../../shared/reports/filters-text.ts";
import { formatValue } from "../../shared/reports/format-value.ts";
import { type Schedule, scheduleText } from "../../shared/reports/subscriptions.ts";
import { escapeHtml } from "../http/html.ts";
import { change } from "../reports/metrics.ts";

// A subscription's mail: the report's KPI tiles (nl-NL, with the comparison) as HTML and plain text, a link
// to the screen and the opt-out link. The Excel file travels as an attachment (send.ts).

export interface SubscriptionMailInput {
  name: string;
  title: string;
  schedule: Schedule;
  envelope: ReportEnvelope;
  links: { screen: string; unsubscribe: string };
  masked: boolean;
}

/** A share changes in percentage points, everything else relatively, as on the KPI tiles. */
function changeOf(kpi: Kpi): { text: string; sign: number } | null {
  if (kpi.value === null || kpi.previous === null) return null;
  if (kpi.unit === "percent")
    return { text: formatPointChange(kpi.value, kpi.previous), sign: kpi.value - kpi.previous };
  const relative = change(kpi.value, kpi.previous);
  return relative === null ? null : { text: formatChange(relative), sign: relative };
}

function comparisonLine(kpi: Kpi, word: string | null): string {
  if (!word) return "";
  const changed = changeOf(kpi);
  return `${word} ${formatValue(kpi.previous, kpi.unit)}${changed ? ` (${changed.text})` : ""}`;
}

const FONT = "font-family:Arial,Helvetica,sans-serif;";
const MUTED = "color:#6c757d;";

function colour(kpi: Kpi): string {
  const changed = changeOf(kpi);
  if (!changed || Math.abs(changed.sign) < 0.0005 || kpi.good === "neutral") return "#495057";
  return changed.sign > 0 === (kpi.good !== "down") ? "#2b8a3e" : "#c92a2a";
}

function tile(kpi: Kpi, word: string | null): string {
  const changed = changeOf(kpi);
  return `<td width="50%" valign="top" style="padding:6px">
<div style="border:1px solid #dee2e6;border-radius:6px;padding:10px 12px;${FONT}">
  <div style="font-size:13px;${MUTED}">${escapeHtml(kpi.label)}</div>
  <div style="font-size:24px;font-weight:bold;color:#212529;line-height:1.3">${escapeHtml(formatValue(kpi.value, kpi.unit))}</div>
  ${
    word
      ? `<div style="font-size:13px;color:#495057">${changed ? `<span style="color:${colour(kpi)};font-weight:bold">${escapeHtml(changed.text)}</span> · ` : ""}${escapeHtml(word)} ${escapeHtml(formatValue(kpi.previous, kpi.unit))}</div>`
      : ""
  }
</div></td>`;
}

export function renderSubscriptionMail(input: SubscriptionMailInput): {
  subject: string;
  html: string;
  text: string;
} {
  const { envelope, links } = input;
  const word = envelope.comparison ? COMPARISON_LABELS[envelope.comparison.mode].toLowerCase() : null;
  const filters = filtersText(envelope);
  const subject = `Wasbord: ${input.name} (${filters.split(" · ")[0]})`;
  const why = `Je krijgt deze mail (${scheduleText(input.schedule).toLowerCase()}) omdat je op "${input.name}" bent geabonneerd in Wasbord.`;
  const note = input.masked ? "Kentekens zijn persoonsgegevens: in de bijlage staan ze gemaskeerd." : null;
  const text = [
    `${input.title} — ${input.name}`,
    filters,
    "",
    ...envelope.kpis.flatMap((kpi) => [
      `${kpi.label}: ${formatValue(kpi.value, kpi.unit)}`,
      ...(word ? [`  ${comparisonLine(kpi, word)}`] : []),
    ]),
    "",
    "Het Excel-bestand van het rapport zit als bijlage bij deze mail.",
    ...(note ? [note] : []),
    `Het rapport in Wasbord: ${links.screen}`,
    "",
    why,
    `Afmelden: ${links.unsubscribe}`,
  ].join("\n");
  const rows: string[] = [];
  for (let i = 0; i < envelope.kpis.length; i += 2) {
    rows.push(
      `<tr>${envelope.kpis
        .slice(i, i + 2)
        .map((kpi) => tile(kpi, word))
        .join("")}</tr>`,
    );
  }
  const html = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.name)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px">
<tr><td style="padding:20px 20px 8px;${FONT}">
  <div style="font-size:13px;color:#1971c2;font-weight:bold;letter-spacing:.5px">WASBORD · ${escapeHtml(input.title.toUpperCase())}</div>
  <h1 style="font-size:22px;color:#212529;margin:6px 0 4px">${escapeHtml(input.name)}</h1>
  <div style="font-size:14px;${MUTED}">${escapeHtml(filters)}</div>
</td></tr>
<tr><td style="padding:8px 14px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows.join("\n")}</table>
</td></tr>
<tr><td style="padding:8px 20px;${FONT}font-size:14px;color:#212529">
<p style="margin:8px 0">Het Excel-bestand van het rapport zit als bijlage bij deze mail.</p>
${note ? `<p style="margin:8px 0;font-size:12px;${MUTED}">${escapeHtml(note)}</p>` : ""}
<p style="margin:16px 0 8px"><a href="${escapeHtml(links.screen)}" style="display:inline-block;background:#1971c2;color:#ffffff;text-decoration:none;font-size:14px;font-weight:bold;padding:10px 16px;border-radius:4px">Open het rapport in Wasbord</a></p>
</td></tr>
<tr><td style="padding:16px 20px 20px;border-top:1px solid #e9ecef;${FONT}font-size:12px;${MUTED}line-height:1.5">
${escapeHtml(why)}
<a href="${escapeHtml(links.unsubscribe)}" style="color:#6c757d">Afmelden</a>
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  return { subject, html, text: `${text}\n` };
}
