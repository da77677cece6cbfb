import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

interface AttrModified {
  _attrModified(this: ElementImpl, name: string, value: string | null, oldValue: string | null): void;
}
interface ElementImpl {
  _globalObject: unknown;
}

/**
 * The jsdom window the mail sanitizer parses into: one for the process (creating one costs ~30 ms).
 *
 * jsdom mirrors every `style` attribute it sets into the element's CSSOM (`element.style`): each one is
 * parsed with css-tree into a declaration block, shorthands expanded. Parsing a table-layout newsletter
 * with an inline style on nearly every element spent ~40 % of its time there, for an object nothing reads:
 * DOMPurify never looks at `element.style`, and the sanitizer reads and writes style attributes as text
 * (`sanitize-css.ts`). So in this window alone that mirror is skipped; the attribute itself (what is
 * serialized and what the browser finally parses) is stored exactly as before. Only a performance matter:
 * should a jsdom upgrade move the hook, the window keeps working as plain jsdom (jsdom is pinned to a minor
 * version, and a test checks the mirror stays off).
 */
export function sanitizerWindow(): JSDOM['window'] {
  const { window } = new JSDOM('');
  const require = createRequire(import.meta.url);
  const htmlElement = (
    require('jsdom/lib/jsdom/living/nodes/HTMLElement-impl.js') as {
      implementation?: { prototype: Partial<AttrModified> };
    }
  ).implementation?.prototype;
  const original = htmlElement?._attrModified;
  const element = htmlElement && (Object.getPrototypeOf(htmlElement) as Partial<AttrModified>);
  const withoutMirror = element?._attrModified;
  if (!htmlElement || !original || !withoutMirror) return window;
  htmlElement._attrModified = function (this: ElementImpl, name, value, oldValue) {
    // HTMLElement's own step for `style` is only the CSSOM mirror; Element's steps (ids, classes, the
    // attribute change callbacks) still run.
    if (name === 'style' && this._globalObject === window) withoutMirror.call(this, name, value, oldValue);
    else original.call(this, name, value, oldValue);
  };
  return window;
}
