function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Rich text as plain text: its words, a line per line break and paragraph. */
export function htmlToText(html: string): string {
  return textOf(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '</p>\n')).trim();
}

/**
 * The lines of rich text (a line break or the end of a paragraph, block or list item ends one), each trimmed, empty
 * ones dropped: what a short preview of it shows, "Alice Tamm" and "Acme Oy" rather than "Alice TammAcme Oy".
 */
export function htmlLines(html: string): string[] {
  return textOf(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>/gi, '</$1>\n'))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Plain text as paragraphs (a blank line starts a new one, single line breaks stay). */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('');
}
