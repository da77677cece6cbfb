import type { MessageSummary } from '@webmail/contracts';
import type { TFunction } from 'i18next';
import { addressLabel } from '../../../shared/format/address-label';

/** A row is unread when its message is; a conversation row when any message of the thread is (`unseen > 0`). */
export function isUnread(message: MessageSummary): boolean {
  return message.conversation ? message.conversation.unseen > 0 : !message.seen;
}

/** Who a list row names: the sender, or in Sent and Drafts the recipients (as mail clients customarily do). */
export function rowParty(message: MessageSummary, showRecipients: boolean, t: TFunction<'messages'>): string {
  if (showRecipients) {
    const names = message.to.map(addressLabel).filter(Boolean);
    return names.length > 0 ? t('list.to', { names: names.join(', ') }) : t('list.noRecipients');
  }
  return addressLabel(message.from) || t('unknownSender');
}

export function subjectLabel(subject: string, t: TFunction<'messages'>): string {
  return subject.trim() || t('noSubject');
}

/** The accessible name of a row: state first, so a screen reader user hears "unread" before the rest. */
export function rowLabel(
  message: MessageSummary,
  party: string,
  date: string,
  t: TFunction<'messages'>,
): string {
  const conversation = message.conversation;
  const parts = [
    isUnread(message) ? t('list.unread') : null,
    message.flagged ? t('list.flagged') : null,
    party,
    conversation && conversation.count > 1 ? t('list.conversation', { count: conversation.count }) : null,
    subjectLabel(message.subject, t),
    date,
    message.hasAttachments ? t('list.hasAttachments') : null,
  ];
  return parts.filter(Boolean).join(', ');
}
