import { describe, expect, it } from "vitest";
import { readCsv, sniffDelimiters } from "./read-csv";

describe("readCsv", () => {
  it("splits records and cells", () => {
    expect(readCsv("a,b\n1,2\n", ",")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1", "2"] },
    ]);
  });

  it("keeps delimiters and doubled quotes inside quoted fields", () => {
    expect(readCsv('"Winteractie ""Zoutvrij""","1,204",x', ",")[0].cells).toEqual([
      'Winteractie "Zoutvrij"',
      "1,204",
      "x",
    ]);
    expect(readCsv('a;"b; c";""', ";")[0].cells).toEqual(["a", "b; c", ""]);
  });

  it("numbers records by the line they start on, also after a line break inside quotes", () => {
    const records = readCsv('h1,h2\r\n"two\r\nlines",x\r\nlast,y', ",");
    expect(records).toEqual([
      { line: 1, cells: ["h1", "h2"] },
      { line: 2, cells: ["two\r\nlines", "x"] },
      { line: 4, cells: ["last", "y"] },
    ]);
  });

  it("drops a UTF-8 byte order mark and keeps blank lines as empty records", () => {
    expect(readCsv("\uFEFFDag;Kosten\n\n1;2", ";")).toEqual([
      { line: 1, cells: ["Dag", "Kosten"] },
      { line: 2, cells: [""] },
      { line: 3, cells: ["1", "2"] },
    ]);
  });

  it("reads old Mac line ends", () => {
    expect(readCsv("a\rb", ",").map((r) => r.line)).toEqual([1, 2]);
  });
});

describe("sniffDelimiters", () => {
  it("prefers the semicolon in a Dutch file with decimal commas", () => {
    const text = ["Kosten;Klikken;Waarde", "12,30;4;1,50", "1.204,56;7;2,25", "0,00;0;0,00"].join("\n");
    expect(sniffDelimiters(text)[0]).toBe(";");
  });

  it("recognises tab- and comma-separated files, also with quoted decimal commas and a title line", () => {
    expect(sniffDelimiters("Day\tCampaign\tCost\n2026-11-01\tA\t1.50\n")[0]).toBe("\t");
    const comma = [
      "Campaign report",
      "Datum,Site,Commissie",
      '2026-11-03,A,"€ 9,00"',
      '2026-11-04,B,"€ 1,50"',
    ];
    expect(sniffDelimiters(comma.join("\n"))[0]).toBe(",");
  });
});
