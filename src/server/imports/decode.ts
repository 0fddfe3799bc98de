// The text of an uploaded export. Platforms and spreadsheets save CSV in different encodings: Google Ads'
// "CSV for Excel" is UTF-16 with a byte-order mark, most are UTF-8, and Excel on Windows saves Windows-1252
// (where "€" is byte 0x80). A byte-order mark decides; otherwise valid UTF-8 is UTF-8, and anything else
// is read as Windows-1252, which gives every byte a character.

export function decodeExport(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

// Bytes 0x80–0x9F of Windows-1252 (five are unassigned and stay as they are). Node 20's TextDecoder
// decodes this label as ISO-8859-1, turning "€" (0x80) into a control character, hence the table.
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]);
}
