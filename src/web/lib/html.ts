// ECharts draws tooltips as HTML: any text that reaches one (a site name, a series name, a plate) is markup
// unless escaped. Every tooltip formatter builds its HTML with `html` below, which escapes each value it is
// given; only pieces that came out of `html` themselves pass through unchanged.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** HTML built by `html`: safe to put inside other HTML as it is. */
export class SafeHtml {
  constructor(private readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** A tagged template whose interpolated values are escaped: html`<b>${site.name}</b>`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    const piece = value instanceof SafeHtml ? value.toString() : escapeHtml(String(value ?? ""));
    out += piece + strings[i + 1];
  });
  return new SafeHtml(out);
}

/** Joins pieces of HTML, escaping any that are plain text. */
export function joinHtml(pieces: unknown[], separator: SafeHtml): SafeHtml {
  return new SafeHtml(
    pieces
      .map((piece) => (piece instanceof SafeHtml ? piece.toString() : escapeHtml(String(piece))))
      .join(separator.toString()),
  );
}
