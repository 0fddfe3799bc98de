import { formatChange, formatEuro, formatNumber } from "../../shared/format.ts";
import { metricDefinition, metricLabel } from "../../shared/metrics/registry.ts";
import type { Direction } from "../../shared/reports/envelope.ts";
import { escapeHtml } from "../http/html.ts";
import { change } from "../reports/metrics.ts";
import { dailyBarsSvg } from "./charts.ts";
import { type SiteFigures, type WeeklyFigures, washesChange } from "./figures.ts";
import { type Line, memberLines, NEW, PER_CAR, REVENUE, salesLines, WASHES } from "./mail-lines.ts";
import { TARGETS_NOTE, targetLines, targetsHeading } from "./target-lines.ts";

// The Monday e-mail as HTML and as plain text, from the week's figures. The HTML is a single 600 px
// column of tables with inline styles (what mail clients render alike) that narrows on a phone.

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailLinks {
  /** The report the figures come from, for the same week and sites. */
  report: string;
  /** The signed opt-out link. */
  unsubscribe: string;
}

const MONTHS = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];
const WEEKDAYS = ["ma", "di", "wo", "do", "vr", "za", "zo"];
const NO_FIGURE = "–";

const dayMonth = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

const show = (line: Line, value: number | null) => (value === null ? NO_FIGURE : line.format(value));
const changeText = (value: number | null, previous: number | null) => {
  const relative = change(value, previous);
  return relative === null ? NO_FIGURE : formatChange(relative);
};

/** Best and worst site by the change of their washes against the week before (ties: by name). */
export function bestAndWorst(figures: WeeklyFigures): { best: SiteFigures; worst: SiteFigures } | null {
  const ranked = figures.sites
    .filter((site) => washesChange(site) !== null)
    .sort((a, b) => (washesChange(b) ?? 0) - (washesChange(a) ?? 0) || a.name.localeCompare(b.name, "nl"));
  if (ranked.length < 2) return null;
  return { best: ranked[0], worst: ranked[ranked.length - 1] };
}

export function renderWeeklyMail(figures: WeeklyFigures, links: MailLinks): RenderedMail {
  const { week } = figures;
  const period = `${dayMonth(week.from)} – ${dayMonth(week.to)} ${week.to.slice(0, 4)}`;
  const scope = figures.scope.chain ? "hele keten" : figures.scope.sites.map((site) => site.name).join(", ");
  const lastYearLabel = `week ${week.iso.week} van ${week.iso.year - 1}`;
  const ranking = bestAndWorst(figures);
  const subject = `Wasbord week ${week.iso.week}: ${formatNumber(figures.current.washes)} wassen (${changeText(figures.current.washes, figures.previous.washes)}), ${scope}`;
  const notes = [
    `${REVENUE}: ${metricDefinition("revenue_ex_vat").definition} ${PER_CAR}: ${metricDefinition("revenue_per_car_ex_vat").definition}`,
    ...(figures.scope.sites.length > 1 && !figures.scope.chain
      ? [
          `${NEW} zijn per vestiging opgeteld: wie in de week bij twee van deze vestigingen voor het eerst kwam, telt twee keer.`,
        ]
      : []),
    ...(figures.members
      ? [
          `${metricLabel("mrr")}: ${metricDefinition("mrr").definition}`,
          ...(figures.scope.chain
            ? []
            : [
                "Leden: de abonnementen die op deze vestiging(en) verkocht zijn; online of in de app verkochte abonnementen tellen alleen bij de hele keten.",
              ]),
        ]
      : []),
    ...(figures.targets ? [TARGETS_NOTE] : []),
  ];
  const context = {
    figures,
    links,
    period,
    scope,
    lastYearLabel,
    ranking,
    notes,
    lines: salesLines(figures),
    members: memberLines(figures),
  };
  return { subject, html: html(context), text: text(context) };
}

interface Context {
  figures: WeeklyFigures;
  links: MailLinks;
  period: string;
  scope: string;
  lastYearLabel: string;
  ranking: ReturnType<typeof bestAndWorst>;
  notes: string[];
  lines: Line[];
  members: Line[];
}

const lineText = (line: Line, c: Context) => [
  `${line.label}: ${show(line, line.current)}`,
  `  vorige week ${show(line, line.previous)} (${changeText(line.current, line.previous)}); ${c.lastYearLabel} ${show(line, line.lastYear)} (${changeText(line.current, line.lastYear)})`,
];

function rankingLine(site: SiteFigures): string {
  return `${site.name}: ${formatNumber(site.current.washes)} wassen (${changeText(site.current.washes, site.previous.washes)} t.o.v. vorige week)`;
}

function text(c: Context): string {
  const { figures } = c;
  const lines = [
    `Wasbord — week ${figures.week.iso.week}, ${c.period}`,
    `Vestigingen: ${c.scope}`,
    "",
    ...c.lines.flatMap((line) => lineText(line, c)),
    "",
    ...(c.members.length > 0 ? ["Leden", ...c.members.flatMap((line) => lineText(line, c)), ""] : []),
    ...(figures.targets ? [targetsHeading(figures.targets), ...targetLines(figures.targets), ""] : []),
    ...(c.ranking
      ? [
          "Gemeten aan de verandering van het aantal wassen t.o.v. vorige week:",
          `Beste vestiging: ${rankingLine(c.ranking.best)}`,
          `Zwakste vestiging: ${rankingLine(c.ranking.worst)}`,
          "",
        ]
      : []),
    "Per vestiging (wassen, t.o.v. vorige week, omzet excl. btw):",
    ...figures.sites.map(
      (site) =>
        `- ${site.name}: ${formatNumber(site.current.washes)} (${changeText(site.current.washes, site.previous.washes)}), ${formatEuro(site.current.revenueExVatCents, true)}`,
    ),
    "",
    "Per dag (wassen deze week / vorige week):",
    ...figures.days.map(
      (day, index) =>
        `- ${WEEKDAYS[index]} ${dayMonth(day.date)}: ${formatNumber(day.washes)} / ${formatNumber(day.previousWashes)}`,
    ),
    "",
    ...c.notes,
    "",
    `Het rapport: ${c.links.report}`,
    "",
    "Je krijgt deze mail elke maandag omdat een beheerder van Wasbord je heeft aangemeld.",
    `Afmelden: ${c.links.unsubscribe}`,
  ];
  return `${lines.join("\n")}\n`;
}

// --- HTML -------------------------------------------------------------------------------------------

const FONT = "font-family:Arial,Helvetica,sans-serif;";
const MUTED = "color:#6c757d;";

function changeSpan(value: number | null, previous: number | null, good: Direction = "up"): string {
  const relative = change(value, previous);
  if (relative === null) return `<span style="${MUTED}">${NO_FIGURE}</span>`;
  const better = good === "down" ? relative < 0 : relative > 0;
  const colour =
    Math.abs(relative) < 0.0005 || good === "neutral" ? "#495057" : better ? "#2b8a3e" : "#c92a2a";
  return `<span style="color:${colour};font-weight:bold;white-space:nowrap">${escapeHtml(formatChange(relative))}</span>`;
}

function kpiBlock(line: Line, c: Context): string {
  const { current, previous, lastYear, good } = line;
  return `<tr><td style="padding:12px 0;border-bottom:1px solid #e9ecef;${FONT}">
  <div style="font-size:13px;${MUTED}">${escapeHtml(line.label)}</div>
  <div style="font-size:26px;font-weight:bold;color:#212529;line-height:1.3">${escapeHtml(show(line, current))}</div>
  <div style="font-size:13px;color:#495057;line-height:1.6">
    <span style="white-space:nowrap">vorige week ${escapeHtml(show(line, previous))}</span> ${changeSpan(current, previous, good)}
    &nbsp;·&nbsp; <span style="white-space:nowrap">${escapeHtml(c.lastYearLabel)} ${escapeHtml(show(line, lastYear))}</span> ${changeSpan(current, lastYear, good)}
  </div>
</td></tr>`;
}

const kpiTable = (
  lines: Line[],
  c: Context,
) => `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${lines.map((line) => kpiBlock(line, c)).join("\n")}
</table>`;

function siteTable(c: Context): string {
  const cell = `padding:6px 4px;border-bottom:1px solid #e9ecef;${FONT}font-size:13px;`;
  const rows = c.figures.sites
    .map(
      (site) => `<tr>
  <td style="${cell}">${escapeHtml(site.name)}</td>
  <td style="${cell}text-align:right">${formatNumber(site.current.washes)}</td>
  <td style="${cell}text-align:right">${changeSpan(site.current.washes, site.previous.washes)}</td>
  <td style="${cell}text-align:right;white-space:nowrap">${escapeHtml(formatEuro(site.current.revenueExVatCents, true))}</td>
</tr>`,
    )
    .join("\n");
  const head = `padding:6px 4px;border-bottom:2px solid #dee2e6;${FONT}font-size:12px;${MUTED}`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">
<tr><th align="left" style="${head}">Vestiging</th><th align="right" style="${head}">${WASHES}</th><th align="right" style="${head}">t.o.v. vorige week</th><th align="right" style="${head}">${REVENUE}</th></tr>
${rows}
</table>`;
}

const heading = (title: string) =>
  `<h2 style="${FONT}font-size:16px;color:#212529;margin:24px 0 8px">${escapeHtml(title)}</h2>`;

function html(c: Context): string {
  const { figures } = c;
  const dayLabels = figures.days.map((_, index) => WEEKDAYS[index]);
  const labels = { current: `week ${figures.week.iso.week}`, previous: "week ervoor" };
  const washesChart = dailyBarsSvg({
    days: dayLabels,
    current: figures.days.map((day) => day.washes),
    previous: figures.days.map((day) => day.previousWashes),
    labels,
    axisLabel: (value) => formatNumber(value),
  });
  const revenueChart = dailyBarsSvg({
    days: dayLabels,
    current: figures.days.map((day) => Math.round(day.revenueExVatCents / 100)),
    previous: figures.days.map((day) => Math.round(day.previousRevenueExVatCents / 100)),
    labels,
    axisLabel: (value) => formatEuro(value * 100, true),
  });
  const ranking = c.ranking
    ? `<p style="${FONT}font-size:14px;color:#212529;line-height:1.6;margin:0">
  Beste vestiging: <b>${escapeHtml(c.ranking.best.name)}</b> ${changeSpan(c.ranking.best.current.washes, c.ranking.best.previous.washes)}<br>
  Zwakste vestiging: <b>${escapeHtml(c.ranking.worst.name)}</b> ${changeSpan(c.ranking.worst.current.washes, c.ranking.worst.previous.washes)}
</p>
<p style="${FONT}font-size:12px;${MUTED}margin:4px 0 12px">Gemeten aan de verandering van het aantal wassen t.o.v. vorige week.</p>`
    : "";
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`Wasbord week ${figures.week.iso.week}`)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px">
<tr><td style="padding:20px 20px 8px;${FONT}">
  <div style="font-size:13px;color:#1971c2;font-weight:bold;letter-spacing:.5px">WASBORD · WEEKOVERZICHT</div>
  <h1 style="font-size:22px;color:#212529;margin:6px 0 4px">Week ${figures.week.iso.week}: ${escapeHtml(c.period)}</h1>
  <div style="font-size:14px;${MUTED}">Vestigingen: ${escapeHtml(c.scope)}</div>
</td></tr>
<tr><td style="padding:0 20px">
${kpiTable(c.lines, c)}
${c.members.length > 0 ? heading("Leden") + kpiTable(c.members, c) : ""}
${
  figures.targets
    ? heading(targetsHeading(figures.targets)) +
      targetLines(figures.targets)
        .map((line) => `<p style="${FONT}font-size:14px;margin:4px 0">${escapeHtml(line)}</p>`)
        .join("\n")
    : ""
}
${c.ranking ? heading("Beste en zwakste vestiging") + ranking : ""}
${heading(`${WASHES} per dag`)}
${washesChart}
${heading(`${REVENUE} per dag`)}
${revenueChart}
${heading("Per vestiging")}
${siteTable(c)}
<p style="margin:24px 0 8px"><a href="${escapeHtml(c.links.report)}" style="${FONT}display:inline-block;background:#1971c2;color:#ffffff;text-decoration:none;font-size:14px;font-weight:bold;padding:10px 16px;border-radius:4px">Open het rapport in Wasbord</a></p>
${c.notes.map((note) => `<p style="${FONT}font-size:12px;${MUTED}margin:8px 0">${escapeHtml(note)}</p>`).join("\n")}
</td></tr>
<tr><td style="padding:16px 20px 20px;border-top:1px solid #e9ecef;${FONT}font-size:12px;${MUTED}line-height:1.5">
Je krijgt deze mail elke maandag omdat een beheerder van Wasbord je heeft aangemeld.
<a href="${escapeHtml(c.links.unsubscribe)}" style="color:#6c757d">Afmelden</a>
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}
