import type { Editor } from '@tiptap/react';
import { htmlToText } from '../format/html-text';
import type { BodyValue } from './body-value';

/** What a body needs of a signature (the contract's `Signature` has it). */
export interface EditorSignature {
  id: string;
  name: string;
  html: string;
  default: boolean;
}

/** The element that holds the signature in the body: `<div data-signature="{id}">`, '' for none. */
export const signatureAttribute = 'data-signature';
export const signatureNodeName = 'signature';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function signatureBlockHtml(signature: Pick<EditorSignature, 'id' | 'html'> | null): string {
  return signature
    ? `<div ${signatureAttribute}="${escapeAttribute(signature.id)}">${signature.html}</div>`
    : `<div ${signatureAttribute}=""></div>`;
}

/** The signature as plain text: its lines, after the usual "-- " separator. */
export function signatureText(html: string): string {
  return `-- \n${htmlToText(html)}`;
}

/**
 * A new draft (new mail, reply, forward) with the default signature above the quote. The place is kept even
 * without a default (an empty signature block), so the signature menu can put one there later.
 * Plain-text drafts get the signature as text. A user without signatures gets the draft as it is.
 */
export function withSignature<D extends BodyValue>(draft: D, signatures: readonly EditorSignature[]): D {
  // No signatures at all: nothing to hold a place for.
  if (signatures.length === 0) return draft;
  const chosen = signatures.find((s) => s.default) ?? null;
  if (draft.plainText) {
    if (!chosen) return draft;
    return { ...draft, text: `\n\n${signatureText(chosen.html)}${draft.text ? `\n\n${draft.text}` : ''}` };
  }
  const rest = draft.html.startsWith('<p></p>') ? draft.html.slice('<p></p>'.length) : draft.html;
  return { ...draft, html: `<p></p>${signatureBlockHtml(chosen)}${rest}` };
}

/** The id of the signature in the body ('' for the empty place, null when there is no place). */
export function currentSignatureId(editor: Editor): string | null {
  let id: string | null = null;
  editor.state.doc.forEach((node) => {
    if (id === null && node.type.name === signatureNodeName) id = String(node.attrs.id ?? '');
  });
  return id;
}

/**
 * Puts `signature` (or nothing) in the signature's place, leaving everything the user wrote as it is. Without a
 * place (a draft from elsewhere), it goes before the quote (the paragraph introducing it, when there is one) or at
 * the end.
 */
export function replaceSignature(
  editor: Editor,
  signature: Pick<EditorSignature, 'id' | 'html'> | null,
): void {
  const content = signatureBlockHtml(signature);
  let place: { from: number; to: number } | null = null;
  let quoteAt: number | null = null;
  let previous: { offset: number; isParagraph: boolean } | null = null;
  editor.state.doc.forEach((node, offset) => {
    if (!place && node.type.name === signatureNodeName) place = { from: offset, to: offset + node.nodeSize };
    if (quoteAt === null && node.type.name === 'blockquote') {
      quoteAt = previous?.isParagraph && previous.offset > 0 ? previous.offset : offset;
    }
    previous = { offset, isParagraph: node.type.name === 'paragraph' };
  });
  const at = place ?? {
    from: quoteAt ?? editor.state.doc.content.size,
    to: quoteAt ?? editor.state.doc.content.size,
  };
  editor.chain().insertContentAt(at, content).run();
}
