import { describe, expect, it } from "vitest";
import { decodeExport } from "./decode.ts";

const TEXT = "Datum;Kosten\n01-11-2026;€ 9,45\n";

describe("decodeExport", () => {
  it("reads UTF-8, with or without a byte-order mark", () => {
    expect(decodeExport(Buffer.from(TEXT, "utf8"))).toBe(TEXT);
    expect(decodeExport(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, "utf8")]))).toBe(
      TEXT,
    );
  });

  it("reads UTF-16 by its byte-order mark (Google Ads' CSV for Excel)", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, "utf16le")]);
    expect(decodeExport(le)).toBe(TEXT);
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeExport(be)).toBe(TEXT);
  });

  it("reads Windows-1252 when the bytes are not UTF-8 (Excel on Windows)", () => {
    const cp1252 = Buffer.from(TEXT.replace("€", "\x80"), "latin1");
    expect(decodeExport(cp1252)).toBe(TEXT);
    const quotes = Buffer.from([0x93, 0x57, 0x61, 0x73, 0x94, 0x20, 0xe9, 0x9c]);
    expect(decodeExport(quotes)).toBe("\u201cWas\u201d \u00e9\u0153");
  });
});
