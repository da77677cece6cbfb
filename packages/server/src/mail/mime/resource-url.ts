/**
 * What a URL that a mail asks the browser to *load* (img src, srcset, background, CSS url()) may be:
 * - `data`: an inline raster image — kept. SVG is refused even as an image: opened on its own it can run
 *   script, and nothing in mail needs it.
 * - `remote`: http(s) (protocol-relative counts as https) — external content, held back or proxied.
 * - `drop`: everything else (javascript:, vbscript:, other data:, cid: left unresolved, relative paths,
 *   which inside a srcdoc frame would resolve against the webmail's own origin).
 */
export type ResourceUrl = { kind: 'data'; url: string } | { kind: 'remote'; url: string } | { kind: 'drop' };

const rasterDataUrl =
  /^data:image\/(?:png|jpeg|jpg|pjpeg|gif|webp|bmp|x-ms-bmp|avif|apng|x-icon|vnd\.microsoft\.icon)[;,]/i;

export function classifyResourceUrl(raw: string): ResourceUrl {
  // The URL parser drops tabs and newlines anywhere and C0 controls and spaces at both ends; so must we,
  // or "jav\tascript:" and " //host" would be judged differently from how the browser reads them.
  // eslint-disable-next-line no-control-regex
  const value = raw.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  if (/^data:/i.test(value))
    return rasterDataUrl.test(value) ? { kind: 'data', url: value } : { kind: 'drop' };
  const absolute = value.startsWith('//') ? `https:${value}` : value;
  if (!/^https?:\/\//i.test(absolute)) return { kind: 'drop' };
  try {
    const url = new URL(absolute);
    return url.hostname ? { kind: 'remote', url: url.href } : { kind: 'drop' };
  } catch {
    return { kind: 'drop' };
  }
}

export interface SrcsetCandidate {
  url: string;
  descriptor: string;
}

/**
 * Splits a srcset the way the HTML standard does (a URL runs to whitespace; descriptors run to the next
 * comma outside parentheses), so a data: URL with commas inside stays one candidate.
 */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i]!)) i += 1;
    let url = '';
    while (i < srcset.length && !/\s/.test(srcset[i]!)) url += srcset[i++];
    let descriptor = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      let depth = 0;
      while (i < srcset.length && (depth > 0 || srcset[i] !== ',')) {
        if (srcset[i] === '(') depth += 1;
        if (srcset[i] === ')') depth = Math.max(0, depth - 1);
        descriptor += srcset[i++];
      }
    }
    if (url) out.push({ url, descriptor: descriptor.trim() });
  }
  return out;
}
