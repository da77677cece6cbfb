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

/**
 * What a row says beyond its visible text: unread, starred, the conversation's size, attachments (its
 * description, so the row's name is what it shows and voice control finds it by what is on screen).
 */
export function rowState(message: MessageSummary, t: TFunction<'messages'>): string {
  const conversation = message.conversation;
  const parts = [
    isUnread(message) ? t('list.unread') : null,
    message.flagged ? t('list.flagged') : null,
    conversation && conversation.count > 1 ? t('list.conversation', { count: conversation.count }) : null,
    message.hasAttachments ? t('list.hasAttachments') : null,
  ];
  return parts.filter(Boolean).join(', ');
}

/** The label of a row's list item: what it shows (party, subject, date), then its state. */
export function rowLabel(
  message: MessageSummary,
  party: string,
  date: string,
  t: TFunction<'messages'>,
): string {
  const state = rowState(message, t);
  return [party, subjectLabel(message.subject, t), date, state].filter(Boolean).join(', ');
}
