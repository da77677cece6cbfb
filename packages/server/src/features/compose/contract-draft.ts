import {
  composeLimits,
  isValidEmail,
  type DraftAttachment,
  type DraftContent,
  type Recipient,
} from '@webmail/contracts';

export interface LooseDraft {
  from: Recipient | null;
  to: Recipient[];
  cc: Recipient[];
  bcc: Recipient[];
  subject: string;
  html: string | null;
  text: string;
  plainText: boolean;
  inReplyTo: string | null;
  references: string[];
  attachments: DraftAttachment[];
}

const msgId = /^<[^<>\s]+>$/;

/**
 * Mail from other clients (a draft written elsewhere, the message being replied to) can hold what the
 * composer's contract refuses: addresses that fail the e-mail check, over-long subjects or names, odd
 * message ids. The composer gets the contract's shape; what cannot be represented is left out
 * (an invalid recipient would block saving anyway), and a From the account may not send as becomes null.
 * `senders`: the account first, then its verified outgoing addresses.
 */
export function toContractDraft(loose: LooseDraft, senders: string[]): DraftContent {
  const fix = (list: Recipient[]) => {
    const seen = new Set<string>();
    return list
      .filter(
        (r) =>
          isValidEmail(r.address) && !seen.has(r.address.toLowerCase()) && seen.add(r.address.toLowerCase()),
      )
      .map((r) => ({ name: r.name.slice(0, composeLimits.nameMaxLength), address: r.address.trim() }))
      .slice(0, composeLimits.recipientsMax);
  };
  const sender = loose.from && senders.find((s) => s.toLowerCase() === loose.from!.address.toLowerCase());
  return {
    from:
      sender && loose.from
        ? { name: loose.from.name.slice(0, composeLimits.nameMaxLength), address: sender }
        : null,
    to: fix(loose.to),
    cc: fix(loose.cc),
    bcc: fix(loose.bcc),
    subject: loose.subject.slice(0, composeLimits.subjectMaxLength),
    html: loose.html,
    text: loose.text,
    plainText: loose.plainText,
    inReplyTo: loose.inReplyTo && msgId.test(loose.inReplyTo) ? loose.inReplyTo : null,
    references: loose.references.filter((r) => msgId.test(r) && r.length <= 998).slice(-100),
    attachments: loose.attachments.slice(0, composeLimits.attachmentsMax),
  };
}
