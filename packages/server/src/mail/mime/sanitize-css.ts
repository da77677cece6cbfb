/**
 * Decides what a url() in mail CSS becomes: the URL to emit (a data: image or a proxy URL), or null to
 * block it. The caller keeps track of what was remote.
 */
export type CssUrlResolver = (url: string) => string | null;

// Private-use characters mark the url() tokens already handled; any that come with the mail are removed
// first so a mail cannot forge a marker.
const markStart = '\ue000';
const markEnd = '\ue001';

/**
 * Cleans CSS from mail (style elements and style attributes). Fail-closed: the text is first reduced to
 * a form the browser reads exactly as we do — comments removed, every backslash escape decoded (so
 * `\75 rl(` cannot hide a `url(`; a comment is removed without a trace, so `ur`, a comment and `l(` are
 * judged as the `url(` they look like), no `<` (a <style> element must not be closable) — and then:
 * `@import` is removed; `expression()`, `behavior`, `-moz-binding` and `javascript:` (script in old
 * engines) are neutralised; `image-set()`/`image()`, which take plain strings as URLs, are disabled; every
 * `url()` goes through `resolve`. If a `url(` is still left afterwards (say, one never closed, which the
 * browser accepts at the end of a sheet), the whole CSS is dropped.
 */
export function sanitizeCss(css: string, resolve: CssUrlResolver): string {
  let out = decodeEscapes(css.replace(/[\ue000\ue001]/g, '').replace(/\/\*[\s\S]*?(\*\/|$)/g, '')).replace(
    /</g,
    ' ',
  );
  out = out
    .replace(/@import\b[^;{}]*;?/gi, ' ')
    .replace(/\bexpression\s*\(/gi, 'x-blocked(')
    .replace(/(?:-webkit-)?\bimage-set\s*\(|\bimage\s*\(|\bsrc\s*\(/gi, 'x-blocked(')
    .replace(/(-moz-binding|\bbehavior)\s*:/gi, 'x-blocked:')
    .replace(/\b(java|vb)script\s*:/gi, 'x-blocked:');
  const urls: string[] = [];
  out = out.replace(
    /\burl\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi,
    (_m, dq?: string, sq?: string, bare?: string) => {
      const resolved = resolve(dq ?? sq ?? bare ?? '');
      if (resolved === null) return 'none';
      urls.push(resolved);
      return `${markStart}${urls.length - 1}${markEnd}`;
    },
  );
  if (/url\s*\(|@import/i.test(out)) return '';
  // What is left of a remote URL now sits in a string nothing loads (a disabled image-set(), a content
  // text); it is emptied anyway, so no remote address is left in the mail at all.
  out = out.replace(/"[^"]*\/\/[^"]*"|'[^']*\/\/[^']*'/g, '""');
  // A bare address outside url() and strings loads nothing either (`color:red https://host/x`), and goes too.
  out = out.replace(/(?:[a-z][a-z0-9+.-]*:)?\/\/[^\s;"'(){},]*/gi, '');
  return out.replace(
    new RegExp(`${markStart}(\\d+)${markEnd}`, 'g'),
    (_m, i: string) => `url("${urls[Number(i)]!.replace(/["'()\s]/g, encodeURIComponent)}")`,
  );
}

/**
 * Decodes CSS escapes. A decoded quote, backslash, newline or control character could end a string
 * somewhere else than in the original, so those become a space instead; no backslash survives.
 */
function decodeEscapes(css: string): string {
  return css
    .replace(
      /\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\r\n\f])|([\s\S]))/gi,
      (_m, hex?: string, newline?: string, char?: string) => {
        if (newline) return '';
        let c = char ?? '';
        if (hex) {
          const cp = parseInt(hex, 16);
          c =
            cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
        }
        // eslint-disable-next-line no-control-regex
        return /["'\\\x00-\x1f\x7f]/.test(c) ? ' ' : c;
      },
    )
    .replace(/\\/g, ' ');
}
