/** Elements that carry no content of their own in pasted HTML (Word adds `<o:p>`, `<w:…>`, `<v:…>`). */
const droppedElements = 'style, script, meta, link, title, xml, template, object, iframe';

/**
 * Cleans HTML pasted from Word, Outlook or Gmail before Tiptap parses it. Tiptap's schema already drops
 * markup it does not know (fonts, colours, tables, inline styles), but Word's conditional comments, its
 * `mso-` styles, `Mso…` classes and office-namespace elements would otherwise turn into stray text or empty
 * paragraphs.
 */
export function cleanPastedHtml(html: string): string {
  // Conditional comments (<!--[if gte mso 9]>…<![endif]-->) hold XML settings and VML shapes.
  const withoutComments = html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const doc = new DOMParser().parseFromString(withoutComments, 'text/html');
  doc.querySelectorAll(droppedElements).forEach((element) => element.remove());
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    // Office namespaces: <o:p> is an empty paragraph marker; unwrap the others so their text survives.
    if (element.tagName.includes(':')) {
      if (element.tagName.toLowerCase() === 'o:p') element.remove();
      else element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    element.removeAttribute('style');
    element.removeAttribute('class');
    element.removeAttribute('lang');
    for (const attribute of Array.from(element.attributes)) {
      if (attribute.name.startsWith('on') || attribute.name.startsWith('data-')) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  return doc.body.innerHTML;
}
