import type { DraftContent } from '@webmail/contracts';
import type { OutgoingAttachment, OutgoingMessage } from '../../mail/mime/build-message.js';
import { extractDataUrlImages } from '../../mail/mime/data-url-images.js';
import { htmlToText } from '../../mail/mime/html-to-text.js';
import type { ResolvedAttachment } from './resolved-attachment.js';
import { domainOf } from './message-id.js';

export interface OutgoingParts {
  message: OutgoingMessage;
  /** Images that were data: URLs in the HTML, now related parts (checked against the limits too). */
  dataImages: OutgoingAttachment[];
}

/**
 * A draft as a message to build. In HTML mode the text alternative is always generated here from the
 * HTML (never trusted from the client), and pasted data: images become cid: parts; in plain-text mode
 * the HTML is dropped. Inline uploads keep their Content-ID so the HTML's cid: references resolve.
 */
export function toOutgoing(
  draft: DraftContent,
  attachments: ResolvedAttachment[],
  context: { account: string; name: string; messageId: string; date: Date },
): OutgoingParts {
  let html: string | null = null;
  let dataImages: OutgoingAttachment[] = [];
  if (!draft.plainText) {
    const extracted = extractDataUrlImages(draft.html ?? '', domainOf(context.account));
    html = extracted.html;
    dataImages = extracted.images;
  }
  const message: OutgoingMessage = {
    from: draft.from ?? { name: context.name, address: context.account },
    to: draft.to,
    cc: draft.cc,
    bcc: draft.bcc,
    subject: draft.subject,
    html,
    text: html === null ? draft.text : htmlToText(html),
    messageId: context.messageId,
    date: context.date,
    inReplyTo: draft.inReplyTo,
    references: draft.references,
    attachments: [
      ...attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        contentId: a.inline && html !== null ? a.contentId : null,
      })),
      ...dataImages,
    ],
  };
  return { message, dataImages };
}

/** Nothing a user typed or attached: such a draft is not worth a copy in Drafts (`nothingToSave`). */
export function isEmptyDraft(draft: DraftContent): boolean {
  const recipients = draft.to.length + draft.cc.length + draft.bcc.length;
  const body = draft.plainText ? draft.text.trim() : htmlToText(draft.html ?? '').trim();
  const hasImage = !draft.plainText && /<img\b/i.test(draft.html ?? '');
  return recipients === 0 && !draft.subject.trim() && !body && !hasImage && draft.attachments.length === 0;
}
