const utf8 = new TextDecoder('utf-8', { fatal: true });

// Windows-1252's 0x80–0x9F (undefined positions stay as they are). Written out because Node 20's
// TextDecoder('windows-1252') decodes like ISO-8859-1 and yields C1 control characters there.
const cp1252High = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Text bytes to a string. imapflow converts declared charsets to UTF-8 already; what is still not valid
 * UTF-8 came without a charset, under a wrong one, or under one it does not know — in practice almost
 * always Latin-1/Windows-1252, which reads far better decoded as such than as replacement characters.
 */
export function decodeText(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    let out = '';
    for (const byte of bytes) {
      out += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? cp1252High[byte - 0x80]! : byte);
    }
    return out;
  }
}
