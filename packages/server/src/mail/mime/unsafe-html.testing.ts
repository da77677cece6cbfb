import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';

/** The hostile corpus (mailstack/fixtures/hostile): each file is one trick, named for it. */
export const hostileDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../mailstack/fixtures/hostile',
);

export function hostileCorpus(): { name: string; raw: Buffer }[] {
  return readdirSync(hostileDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((name) => ({ name, raw: readFileSync(path.join(hostileDir, name)) }));
}

const activeElements = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'form', 'input', 'button',
  'textarea', 'select', 'base', 'meta', 'link', 'svg', 'math', 'noscript', 'portal', 'video', 'audio',
  'source', 'track', 'keygen', 'isindex', 'bgsound', 'dialog',
]; // prettier-ignore
const rasterData = /^data:image\/(png|jpeg|jpg|gif|webp|bmp|avif|apng|x-icon)[;,]/i;
const proxyPath = '/api/proxy/image?';

/**
 * Everything in sanitized mail HTML that could run script or make the browser contact another host, as
 * a list of findings (empty = safe). The HTML is parsed by jsdom the way a browser parses the srcdoc.
 * With `proxied`, remote resources must all go through the image proxy; without, none may remain.
 * Links (<a>/<area> href) are navigation on click, not loading, and are allowed to stay remote.
 */
export function findUnsafe(html: string, options: { proxied?: boolean } = {}): string[] {
  const { document } = new JSDOM(`<!doctype html><html><head></head><body>${html}</body></html>`).window;
  const found: string[] = [];
  for (const tag of activeElements) {
    if (document.getElementsByTagName(tag).length) found.push(`<${tag}> element`);
  }
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // eslint-disable-next-line no-control-regex
      const value = attr.value.replace(/[\x00-\x20]/g, '');
      if (name.startsWith('on')) found.push(`${tag}[${name}] handler`);
      if (/^(javascript|vbscript|livescript):/i.test(value)) found.push(`${tag}[${name}] script URL`);
      if (/^data:/i.test(value) && !((name === 'src' || name === 'srcset') && rasterData.test(value)))
        found.push(`${tag}[${name}] data: URL`);
      const isLink = name === 'href' && (tag === 'a' || tag === 'area');
      if (!isLink && name !== 'style') found.push(...remoteIn(`${tag}[${name}]`, attr.value, options));
      if (isLink && !/^(https?:|mailto:|tel:|#|$)/i.test(value)) found.push(`${tag}[href] odd URL ${value}`);
      if (isLink && el.getAttribute('rel') !== 'noopener noreferrer') found.push(`${tag} without rel`);
    }
    const style = el.getAttribute('style');
    if (style !== null) found.push(...cssProblems(`${tag}[style]`, style, options));
  }
  for (const style of Array.from(document.querySelectorAll('style'))) {
    found.push(...cssProblems('<style>', style.textContent ?? '', options));
  }
  return found;
}

function remoteIn(where: string, value: string, options: { proxied?: boolean }): string[] {
  const urls = value.split(/[\s,]+/).filter((v) => /^(https?:)?\/\/|evil-/i.test(v));
  return urls
    .filter((url) => !(options.proxied && url.startsWith(proxyPath)))
    .map((url) => `${where} remote ${url}`);
}

function cssProblems(where: string, css: string, options: { proxied?: boolean }): string[] {
  const found: string[] = [];
  if (/@import|expression\s*\(|behavior\s*:|-moz-binding|javascript:|image-set\s*\(|\\/i.test(css))
    found.push(`${where} dangerous CSS ${css.slice(0, 80)}`);
  for (const m of css.matchAll(/url\(\s*["']?([^"')]*)/gi)) {
    const url = m[1] ?? '';
    if (!rasterData.test(url) && !(options.proxied && url.startsWith(proxyPath)))
      found.push(`${where} url(${url})`);
  }
  if (/evil-/i.test(css.replace(/url\("\/api\/proxy\/image\?[^"]*"\)/g, '')))
    found.push(`${where} remote host left in CSS`);
  return found;
}
