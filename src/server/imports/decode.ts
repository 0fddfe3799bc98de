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
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
