/**
 * What a body field edits: the rich text, the plain text and which of the two is shown. Only the composer switches
 * between them; a field that is always rich text (a signature, an auto-reply) keeps `text` empty and `plainText`
 * off.
 */
export interface BodyValue {
  /** The rich-text body ('' when empty); kept while in plain-text mode only as the last HTML. */
  html: string;
  text: string;
  plainText: boolean;
}
