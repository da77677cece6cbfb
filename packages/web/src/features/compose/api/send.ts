import { composeEndpoints, type SendRequest } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';

/**
 * POST /api/u/{i}/compose/send: 202 queued (undo until `dueAt`) or 200 when sent at once. Repeating it for the
 * same draftId answers the existing outbox entry, so retrying after a lost answer never sends twice. Without an
 * undo window the request waits for the SMTP server, hence the endpoint's longer time limit.
 */
export function sendDraft(userIndex: number, body: SendRequest) {
  return callApi(composeEndpoints.send, { params: { userIndex }, body });
}

/** GET /api/u/{i}/compose/outbox/{id}: where a send stands. */
export function getOutboxEntry(userIndex: number, outboxId: string) {
  return callApi(composeEndpoints.outboxEntry, { params: { userIndex, outboxId } });
}

/** POST /api/u/{i}/compose/outbox/{id}/cancel: undo; the answer's status is `cancelled` when it worked. */
export function cancelSend(userIndex: number, outboxId: string) {
  return callApi(composeEndpoints.cancelSend, { params: { userIndex, outboxId } });
}
