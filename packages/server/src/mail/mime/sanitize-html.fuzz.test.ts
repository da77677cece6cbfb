import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { fuzz, fuzzTimeout, mutated } from '../../fuzz.testing.js';
import { sanitizeMailHtml } from './sanitize-html.js';
import { findUnsafe, hostileCorpus } from './unsafe-html.testing.js';

const proxy = (url: string) => `/api/proxy/image?url=${encodeURIComponent(url)}&exp=1&sig=s`;

/** Every way a remote host is named here contains `evil-`, so findUnsafe sees what survives. */
const urls = [
  'https://evil-1.example.com/p.png', '//evil-2.example.com/p.png', 'http://evil-3.example.com/?a=1&b=2',
  'javascript:alert(1)', 'jav&#x09;ascript:alert(1)', ' JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data:image/svg+xml,<svg onload=alert(1)>',
  'data:image/png;base64,iVBORw0KGgo=', 'cid:part1@x', '#top', 'mailto:a@b.test', 'https://evil-4.example.com/a b',
  'https:\\\\evil-5.example.com', '&#104;ttps://evil-6.example.com/', 'htt\u0000ps://evil-7.example.com/',
]; // prettier-ignore
const css = [
  'background:url(https://evil-8.example.com/b.png)', 'background-image:url("//evil-9.example.com/x")',
  '@import url(https://evil-10.example.com/s.css);', 'width:expression(alert(1))', 'behavior:url(x.htc)',
  'background:url(\\68ttps://evil-11.example.com/)', 'color:red', 'list-style:url(https://evil-12.example.com/)',
  'background:image-set("https://evil-13.example.com/a.png" 1x)', 'font-family:"a";}</style><script>alert(1)</script>',
]; // prettier-ignore
const tags = [
  'a', 'img', 'div', 'table', 'td', 'style', 'svg', 'math', 'script', 'iframe', 'object', 'embed', 'form',
  'input', 'picture', 'source', 'video', 'template', 'noscript', 'base', 'meta', 'link', 'body', 'image', 'use',
  'xmp', 'textarea', 'title', 'select', 'annotation-xml', 'foreignObject', 'p', 'span', 'font',
]; // prettier-ignore
const attributes = [
  'src', 'href', 'style', 'onerror', 'onload', 'srcset', 'background', 'xlink:href', 'formaction', 'action',
  'poster', 'lowsrc', 'dynsrc', 'data', 'content', 'http-equiv', 'is', 'srcdoc', 'ping',
]; // prettier-ignore

const attribute = fc
  .tuple(fc.constantFrom(...attributes), fc.oneof(fc.constantFrom(...urls), fc.constantFrom(...css)))
  .map(([name, value]) => `${name}="${value.replace(/"/g, '&quot;')}"`);
const html: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      'text',
      '<!-- x -->',
      '<![CDATA[</p><img src=//evil-14.example.com/>]]>',
      '</',
      '<',
      '&lt;script&gt;',
    ),
    fc.constantFrom(...css).map((c) => `<style>p{${c}}</style>`),
    fc
      .tuple(
        fc.constantFrom(...tags),
        fc.array(attribute, { maxLength: 3 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.boolean(),
      )
      .map(
        ([tag, attrs, children, closed]) =>
          `<${tag} ${attrs.join(' ')}>${children.join('')}${closed ? `</${tag}>` : ''}`,
      ),
  ),
})).node;

function expectSafe(source: string): void {
  expect(findUnsafe(sanitizeMailHtml(source).html), source).toEqual([]);
  expect(findUnsafe(sanitizeMailHtml(source, { proxy }).html, { proxied: true }), source).toEqual([]);
}

describe('the mail HTML sanitizer (property)', () => {
  it(
    'lets no script and no unproxied remote URL through, for generated hostile HTML',
    () => {
      fuzz('sanitizer: generated hostile HTML', fc.property(html, expectSafe), 100);
    },
    fuzzTimeout(120_000),
  );

  it(
    'parses mutated hostile messages without crashing, and their HTML comes out safe',
    async () => {
      const seeds = hostileCorpus().map((m) => m.raw);
      const fragments = [
        '<script>alert(1)</script>',
        '<img src="https://evil-15.example.com/m.png">',
        '\r\n--',
        '=\r\n',
        '=3C',
        '\r\n\r\n',
        'Content-Type: text/html\r\n',
      ];
      await fuzz(
        'mime+sanitizer: mutated hostile corpus',
        fc.asyncProperty(mutated(seeds, fragments), async (raw) => {
          const email = await PostalMime.parse(raw);
          expectSafe(email.html ?? `<pre>${email.text ?? ''}</pre>`);
        }),
        25,
      );
    },
    fuzzTimeout(120_000),
  );
});
