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

  it("catches a formula behind white space, invisible characters and fullwidth signs", () => {
    const dangerous = [
      "\n=1+1", // line feed first (quoted, since it holds a line break)
      "\t=1",
      "\r=1",
      "\u0000=1+1", // NUL first
      "\u0001\u001f=1", // any C0 control characters
      "\u007f+1", // delete
      "\u0085=1", // a C1 control (next line)
      " \u0000 @som", // control behind white space, white space behind it
      "   =1+1", // spaces
      "\u00a0=1", // no-break space
      "\u200b=1", // zero-width space
      "\u200e+1", // left-to-right mark
      "\u202e@som", // right-to-left override
      "\ufeff-1+1", // byte order mark
      "\u3000=1", // ideographic space
      "\uff1dHYPERLINK(1)", // fullwidth =
      "\uff0b1", // fullwidth +
      "\uff0d1", // fullwidth -
      "\uff20som", // fullwidth @
      "+31612345678",
      " -5,25", // a number with a space before it is no longer a plain number
    ];
    expect(csvField("\u0000=1+1")).toBe("'\u0000=1+1");
    for (const raw of dangerous) expect(csvField(raw).replace(/^"/, ""), JSON.stringify(raw)).toMatch(/^'/);
    expect(csvField("\n=1+1")).toBe('"\'\n=1+1"');
    for (const safe of ["Zeist", "", " Zeist", "5 = 5", "a-b", "-5,25", "1.250,00", "\u00a0"]) {
      expect(csvField(safe), JSON.stringify(safe)).not.toMatch(/^"?'/);
    }
  });
});
