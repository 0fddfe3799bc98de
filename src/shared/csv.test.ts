import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv.ts";

describe("admin CSV", () => {
  it("separates with semicolons and ends every line with CRLF", () => {
    expect(toCsv(["a", "b"], [["1", "2,50"]])).toBe("a;b\r\n1;2,50\r\n");
  });

  it("quotes fields holding a separator, a quote or a line break", () => {
    expect(csvField('Wasstraat "Noord"; achter')).toBe('"Wasstraat ""Noord""; achter"');
    expect(csvField("twee\nregels")).toBe('"twee\nregels"');
  });

  it("keeps a cell that starts like a formula as text, but leaves negative numbers alone", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@som")).toBe("'@som");
    expect(csvField("-5,25")).toBe("-5,25");
    expect(csvField("-cmd")).toBe("'-cmd");
  });
});
