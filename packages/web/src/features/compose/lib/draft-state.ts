import type { DraftState } from '@webmail/contracts';

/**
 * The draft's state as the composer shows it, derived rather than stored: a send under way is `sending`, a save
 * in flight `saving`, edits newer than the saved revision `notSaved`, a copy in Drafts `saved`, else `notEdited`
 * (nothing stored yet). The first that applies wins, in that order.
 */
export function draftStateOf(status: {
  sending: boolean;
  saving: boolean;
  dirty: boolean;
  onServer: boolean;
}): DraftState {
  if (status.sending) return 'sending';
  if (status.saving) return 'saving';
  if (status.dirty) return 'notSaved';
  return status.onServer ? 'saved' : 'notEdited';
}
