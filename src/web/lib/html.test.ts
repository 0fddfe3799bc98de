import { describe, expect, it } from "vitest";
import { escapeHtml, html, joinHtml } from "./html.ts";

describe("tooltip HTML", () => {
  it("escapes every character that starts or ends markup or an attribute", () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')"> & co`)).toBe(
      "&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co",
    );
  });

  it("escapes interpolated values but keeps the template's own markup", () => {
    const site = "Zeist<b onmouseover=x>";
    expect(String(html`<b>${site}</b>: ${12}`)).toBe("<b>Zeist&lt;b onmouseover=x&gt;</b>: 12");
  });

  it("passes HTML built with html unchanged, so pieces nest without double escaping", () => {
    const line = html`<i>${"a&b"}</i>`;
    expect(String(html`<div>${line}</div>`)).toBe("<div><i>a&amp;b</i></div>");
    expect(String(joinHtml([line, "<x>"], html`<br/>`))).toBe("<i>a&amp;b</i><br/>&lt;x&gt;");
  });
});
