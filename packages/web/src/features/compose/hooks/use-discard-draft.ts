import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { discardDraft } from '../api/drafts';
import { refreshDraftsFolder } from '../api/drafts-folder';
import { removeLocalDraft } from '../lib/local-draft-store';

export interface DiscardDraftOptions {
  userIndex: number;
  draftId: string;
  /** Stops automatic saves, so none brings the draft back while it is deleted. */
  hold: () => void;
  /** Closes the composer. */
  leave: () => void;
}

/**
 * The composer's Discard: automatic saves stop, the local copy goes and the composer closes at once; the server
 * copy is deleted behind it (`DELETE /compose/drafts/{draftId}`), and a notice says whether that worked (on
 * success the Drafts folder is read again).
 */
export function useDiscardDraft({ userIndex, draftId, hold, leave }: DiscardDraftOptions) {
  const { t } = useTranslation('compose');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  return () => {
    hold();
    removeLocalDraft(userIndex, draftId);
    leave();
    discardDraft(userIndex, draftId).then(
      () => {
        refreshDraftsFolder(queryClient, userIndex);
        snackbar.show({ type: 'info', message: t('actions.discarded') });
      },
      () => snackbar.show({ type: 'error', message: t('actions.discardFailed') }),
    );
  };
}
