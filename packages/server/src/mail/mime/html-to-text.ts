import { JSDOM } from 'jsdom';

const blockTags = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'TABLE',
  'TR',
  'PRE',
  'HR',
  'ADDRESS',
  'FIGURE',
]);
const skipTags = new Set(['SCRIPT', 'STYLE', 'HEAD', 'TITLE', 'TEMPLATE']);

// One window for the process (building one costs ~30 ms); fragments are parsed into it.
const { window } = new JSDOM('');

/**
 * The plain-text alternative of an HTML body (every HTML message gets one): paragraphs and line breaks
 * kept, lists as "- " / "1. ", links as "text <url>", quotes prefixed with "> " per level, images by alt.
 */
export function htmlToText(html: string): string {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const out: string[] = [];
  walk(template.content, out);
  return tidy(out.join(''));
}

function walk(node: Node, out: string[]): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === window.Node.TEXT_NODE) {
      out.push((child.textContent ?? '').replace(/\s+/g, ' '));
      continue;
    }
    if (child.nodeType !== window.Node.ELEMENT_NODE) continue;
    element(child as Element, out);
  }
}

function element(el: Element, out: string[]): void {
  const tag = el.tagName;
  if (skipTags.has(tag)) return;
  if (tag === 'BR') return void out.push('\n');
  if (tag === 'IMG') return void out.push(el.getAttribute('alt') ?? '');
  if (tag === 'BLOCKQUOTE') {
    const inner: string[] = [];
    walk(el, inner);
    const quoted = tidy(inner.join(''))
      .split('\n')
      .map((l) => (l ? `> ${l}` : '>'));
    return void out.push(`\n${quoted.join('\n')}\n`);
  }
  if (tag === 'LI') {
    const parent = el.parentElement;
    const marker = parent?.tagName === 'OL' ? `${Array.from(parent.children).indexOf(el) + 1}. ` : '- ';
    out.push(`\n${marker}`);
    walk(el, out);
    return;
  }
  if (tag === 'A') {
    const href = el.getAttribute('href') ?? '';
    const inner: string[] = [];
    walk(el, inner);
    const text = inner.join('').trim();
    const showHref = /^(https?:|mailto:)/i.test(href) && href.replace(/^mailto:/i, '') !== text;
    return void out.push(showHref ? `${text} <${href}>` : text);
  }
  if (tag === 'TD' || tag === 'TH') {
    walk(el, out);
    return void out.push('\t');
  }
  const block = blockTags.has(tag);
  if (block) out.push('\n');
  if (tag === 'HR') return void out.push('----------\n');
  if (tag === 'PRE') return void out.push(`${el.textContent ?? ''}\n`);
  walk(el, out);
  if (block) out.push('\n');
}

/** Trims trailing spaces and collapses runs of blank lines to one. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/g, '').replace(/^ +/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
