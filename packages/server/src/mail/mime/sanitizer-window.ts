import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

type Window = JSDOM['window'];

interface NodeImpl {
  _globalObject: unknown;
}
interface ElementImpl extends NodeImpl {
  _attrModified(name: string, value: string | null, oldValue: string | null): void;
}
interface CharacterDataImpl extends NodeImpl {
  _data: string;
  _referencedRanges: Set<unknown>;
  nodeType: number;
  parentNode: { _childTextContentChangeSteps(): void } | null;
}

const require = createRequire(import.meta.url);

/** The prototype of one of jsdom's implementation classes (jsdom/lib/jsdom/living/nodes/<name>-impl.js). */
function implementation<T>(name: string): Partial<T> | undefined {
  const module = require(`jsdom/lib/jsdom/living/nodes/${name}-impl.js`) as {
    implementation?: { prototype: Partial<T> };
  };
  return module.implementation?.prototype;
}

/**
 * The jsdom window the mail sanitizer parses into: one for the process (creating one costs ~30 ms),
 * with two pieces of bookkeeping that nothing in it reads turned off. Parsing is most of sanitizing, and
 * the two cost ~35 % and ~20 % of parsing a table-layout newsletter:
 *
 * - jsdom mirrors every `style` attribute it sets into the element's CSSOM (`element.style`): each one is
 *   parsed with css-tree into a declaration block, shorthands expanded. DOMPurify never looks at
 *   `element.style`, and the sanitizer reads and writes style attributes as text (`sanitize-css.ts`).
 * - The parser grows a text node piece by piece (`text.data += …`, one piece per word and per space), and
 *   each piece queued a mutation record (walking all ancestors for observers) and moved live ranges. This
 *   window has no MutationObserver (removed below, so nothing can start observing unnoticed), and a text
 *   node some Range points into still takes the full path.
 *
 * The attributes and text themselves — what is serialized, and what the browser finally parses — are
 * stored exactly as before, and other windows are untouched. Only a performance matter: should a jsdom
 * upgrade move these hooks, the window works as plain jsdom (jsdom is pinned to a minor version, and a test
 * checks both stay off).
 */
export function sanitizerWindow(): Window {
  const { window } = new JSDOM('');
  Reflect.deleteProperty(window, 'MutationObserver');
  skipStyleMirror(window);
  appendTextQuietly(window);
  return window;
}

function skipStyleMirror(window: Window): void {
  const htmlElement = implementation<ElementImpl>('HTMLElement');
  const original = htmlElement?._attrModified;
  const element = htmlElement && (Object.getPrototypeOf(htmlElement) as Partial<ElementImpl>);
  const withoutMirror = element?._attrModified;
  if (!htmlElement || !original || !withoutMirror) return;
  htmlElement._attrModified = function (this: ElementImpl, name, value, oldValue) {
    // HTMLElement's own step for `style` is only the CSSOM mirror; Element's steps (ids, classes, the
    // attribute change callbacks) still run.
    if (name === 'style' && this._globalObject === window) withoutMirror.call(this, name, value, oldValue);
    else original.call(this, name, value, oldValue);
  };
}

function appendTextQuietly(window: Window): void {
  const characterData = implementation<CharacterDataImpl>('CharacterData');
  const data = characterData && Object.getOwnPropertyDescriptor(characterData, 'data');
  const set = data?.set;
  if (!characterData || !data || !set) return;
  Object.defineProperty(characterData, 'data', {
    ...data,
    set(this: CharacterDataImpl, value: string) {
      if (this._globalObject !== window || this._referencedRanges.size > 0) return void set.call(this, value);
      // What "replace data" does besides the records and the ranges: the new data, then the parent's
      // child-text-changed steps (a <style> or <title> reads its text again).
      this._data = value;
      if (this.nodeType === 3) this.parentNode?._childTextContentChangeSteps();
    },
  });
}
