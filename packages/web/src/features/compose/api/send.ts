import { OutboxEntry, type SendRequest } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { composePaths } from './compose-paths';
import { draftRequestTimeoutMs } from './drafts';

/**
 * POST /api/u/{i}/compose/send: 202 queued (undo until `dueAt`) or 200 when sent at once. Repeating it for the
 * same draftId answers the existing outbox entry, so retrying after a lost answer never sends twice. Without an
 * undo window the request waits for the SMTP server, hence the longer timeout.
 */
export function sendDraft(userIndex: number, body: SendRequest) {
  return apiRequest(composePaths.send(userIndex), {
    method: 'POST',
    body,
    schema: OutboxEntry,
    timeoutMs: draftRequestTimeoutMs,
  });
}

/** GET /api/u/{i}/compose/outbox/{id}: where a send stands. */
export function getOutboxEntry(userIndex: number, id: string) {
  return apiRequest(composePaths.outboxEntry(userIndex, id), { schema: OutboxEntry });
}

/** POST /api/u/{i}/compose/outbox/{id}/cancel: undo; the answer's status is `cancelled` when it worked. */
export function cancelSend(userIndex: number, id: string) {
  return apiRequest(composePaths.cancelSend(userIndex, id), { method: 'POST', schema: OutboxEntry });
}
