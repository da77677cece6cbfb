import {
  composeLimits,
  type DraftAttachment,
  type DraftContentInput,
  type Recipient,
  type RecipientType,
} from '@webmail/contracts';
import { textToHtml } from '../../../shared/format/html-text';
import type { BodyValue } from '../../../shared/editor/body-value';
import { chipOf, type AddressChip } from './address-chips';

/**
 * The composer's working copy of a draft. It differs from the contract's `DraftContent` where the user may be
 * mid-way: recipients are chips that may be invalid, and the subject may be over its limit (both are shown and
 * block sending rather than being silently dropped while typing).
 */
export interface ComposerDraft extends BodyValue {
  from: Recipient | null;
  to: AddressChip[];
  cc: AddressChip[];
  bcc: AddressChip[];
  subject: string;
  inReplyTo: string | null;
  references: string[];
  attachments: DraftAttachment[];
}

export const emptyDraft: ComposerDraft = {
  from: null,
  to: [],
  cc: [],
  bcc: [],
  subject: '',
  html: '',
  text: '',
  plainText: false,
  inReplyTo: null,
  references: [],
  attachments: [],
};

/** The contract's draft shape (a resumed draft, a reply prefill) as the composer's working copy. */
export function composerDraftOf(content: Partial<DraftContentInput>): ComposerDraft {
  const plainText = content.plainText ?? false;
  const text = content.text ?? '';
  return {
    from: content.from ? { name: content.from.name ?? '', address: content.from.address } : null,
    to: (content.to ?? []).map((r) => chipOf({ name: r.name ?? '', address: r.address })),
    cc: (content.cc ?? []).map((r) => chipOf({ name: r.name ?? '', address: r.address })),
    bcc: (content.bcc ?? []).map((r) => chipOf({ name: r.name ?? '', address: r.address })),
    subject: content.subject ?? '',
    html: content.html ?? (plainText || !text ? '' : textToHtml(text)),
    text,
    plainText,
    inReplyTo: content.inReplyTo ?? null,
    references: content.references ?? [],
    attachments: (content.attachments ?? []) as DraftAttachment[],
  };
}

const validRecipients = (chips: AddressChip[]): Recipient[] =>
  chips.filter((c) => c.valid).map((c) => ({ name: c.name, address: c.address }));

/**
 * What goes to the server. Invalid chips are left out and the lists and subject are cut to their limits, so an
 * automatic save never fails on something the user is still fixing (the local copy keeps everything, and
 * sending is blocked until it is fixed).
 */
export function draftContentOf(draft: ComposerDraft): DraftContentInput {
  let budget = composeLimits.recipientsMax;
  const take = (chips: AddressChip[]) => {
    const list = validRecipients(chips).slice(0, Math.max(0, budget));
    budget -= list.length;
    return list;
  };
  return {
    from: draft.from,
    to: take(draft.to),
    cc: take(draft.cc),
    bcc: take(draft.bcc),
    subject: draft.subject.slice(0, composeLimits.subjectMaxLength),
    html: draft.plainText ? null : draft.html || null,
    text: draft.plainText ? draft.text : '',
    plainText: draft.plainText,
    inReplyTo: draft.inReplyTo,
    references: draft.references,
    attachments: draft.attachments,
  };
}

export const recipientCount = (draft: Pick<ComposerDraft, RecipientType>): number =>
  draft.to.length + draft.cc.length + draft.bcc.length;

/** HTML body without any visible content (Tiptap's empty document is `<p></p>`). */
export function isEmptyHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

export function isBlankDraft(draft: ComposerDraft): boolean {
  return (
    recipientCount(draft) === 0 &&
    !draft.subject.trim() &&
    (draft.plainText ? !draft.text.trim() : isEmptyHtml(draft.html)) &&
    draft.attachments.length === 0
  );
}
