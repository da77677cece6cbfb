import type { OutboxEntry } from '@webmail/contracts';
import type { TFunction } from '../../../shared/i18n/translation';
import type { SnackbarApi } from '../../../shared/snackbar/snackbar-context';
import { cancelSend, getOutboxEntry } from './send';
import { removeLocalDraft } from '../lib/local-draft-store';

export interface SendTracking {
  userIndex: number;
  snackbar: SnackbarApi;
  t: TFunction<'compose'>;
  /** Opens the draft again: after an undo, or to fix a refused send. */
  openDraft: () => void;
  /** The message was sent and left Drafts (counts and lists to read again). */
  onSent?: () => void;
}

/** Polling after the undo window: quickly at first, then every 5 s, for at most 10 minutes. */
const pollDelaysMs = [1000, 2000, 3000, 5000];
const followLimitMs = 10 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a send after the composer has closed (it outlives the page that started it). While the entry is
 * queued inside its undo window, a snackbar offers Undo (`POST /outbox/{id}/cancel`); when the undo worked,
 * the draft opens again. Afterwards the entry is polled until it is sent or failed, and the outcome is shown
 * in words; a failed send keeps the draft in Drafts and offers to open it.
 */
export function trackSend(entry: OutboxEntry, tracking: SendTracking): void {
  const windowMs = Date.parse(entry.dueAt) - Date.now();
  if (entry.status === 'queued' && entry.attempts === 0 && windowMs > 0) offerUndo(entry, windowMs, tracking);
  else void follow(entry, tracking);
}

function offerUndo(entry: OutboxEntry, windowMs: number, tracking: SendTracking): void {
  const { snackbar, t, userIndex } = tracking;
  let settled = false;
  const timer = setTimeout(() => {
    if (settled) return;
    settled = true;
    void follow(entry, tracking);
  }, windowMs);

  const undo = async () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    try {
      const result = await cancelSend(userIndex, entry.id);
      if (result.status === 'cancelled') {
        snackbar.show({ type: 'info', message: t('send.undone') });
        tracking.openDraft();
        return;
      }
      snackbar.show({ type: 'attention', message: t('send.tooLate') });
      void follow(result, tracking);
    } catch {
      snackbar.show({ type: 'error', message: t('send.undoFailed') });
      void follow(entry, tracking);
    }
  };

  snackbar.show({
    type: 'info',
    key: `compose-send-${entry.draftId}`,
    message: t('send.queued'),
    timeout: windowMs,
    actions: [{ label: t('send.undo'), onClick: () => void undo() }],
  });
}

async function follow(first: OutboxEntry, tracking: SendTracking): Promise<void> {
  const startedAt = Date.now();
  let entry = first;
  let attempt = 0;
  while (entry.status === 'queued' || entry.status === 'sending') {
    if (Date.now() - startedAt > followLimitMs) {
      tracking.snackbar.show({ type: 'attention', message: tracking.t('send.stillSending') });
      return;
    }
    const dueInMs = entry.status === 'queued' ? Date.parse(entry.dueAt) - Date.now() : 0;
    await sleep(Math.max(dueInMs, pollDelaysMs[Math.min(attempt, pollDelaysMs.length - 1)]!));
    attempt += 1;
    try {
      entry = await getOutboxEntry(tracking.userIndex, entry.id);
    } catch {
      // Offline or the server restarting: the outbox is on the server, keep asking.
    }
  }
  report(entry, tracking);
}

function report(entry: OutboxEntry, { snackbar, t, userIndex, openDraft, onSent }: SendTracking): void {
  if (entry.status === 'sent') {
    removeLocalDraft(userIndex, entry.draftId);
    onSent?.();
    if (entry.rejectedRecipients.length > 0) {
      snackbar.show({
        type: 'attention',
        message: t('send.partlyRejected', { addresses: entry.rejectedRecipients.join(', ') }),
        timeout: 10_000,
      });
    } else snackbar.show({ type: 'success', message: t('send.sent') });
  } else if (entry.status === 'failed') {
    const failure = entry.failure;
    const reason = failure
      ? t(`send.failure.${failure.reason}`, { recipients: failure.recipients.join(', ') })
      : t('send.failure.rejected');
    snackbar.show({
      type: 'error',
      key: `compose-send-failed-${entry.draftId}`,
      message: t('send.failed', { reason }),
      timeout: null,
      actions: [{ label: t('send.openDraft'), onClick: openDraft }],
    });
  }
}
