import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useAttachmentDrop } from '../hooks/use-attachment-drop';
import { useAttachmentRefusalNotice } from '../hooks/use-attachment-refusal-notice';
import { useAttachments } from '../hooks/use-attachments';
import { useComposerForm } from '../hooks/use-composer-form';
import { useDiscardDraft } from '../hooks/use-discard-draft';
import { useDraftSync } from '../hooks/use-draft-sync';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useSendDraft } from '../hooks/use-send-draft';
import { useSendShortcut } from '../hooks/use-send-shortcut';
import { bodyBytes } from '../lib/attachment-check';
import { composeLinkState } from '../../../shared/routing/compose-link-state';
import { composePath } from '../lib/compose-location';
import { composerFieldErrors } from '../lib/field-errors';
import type { StartingDraft } from '../lib/starting-draft';
import type { EditorSignature } from '../../../shared/editor/signature-block';
import { ComposerFields } from './composer-fields';
import { ComposerFooter } from './composer-footer';
import { ComposerHeader } from './composer-header';
import { DraftStateLabel } from './draft-state-label';
import { DropOverlay } from './drop-overlay';
import { LeaveDialog } from '../../../shared/ui/leave-dialog';
import type { ComposerAccount } from './recipient-fields';
import { SendProblems } from './send-problems';

export interface ComposerProps {
  userIndex: number;
  draftId: string;
  start: StartingDraft;
  account: ComposerAccount | undefined;
  /** Where Close, Send and Discard lead: the folder the user came from, or the inbox. */
  returnTo: string;
  /** Opened as ComposeTab (`/u/{i}/tab/compose/…`). */
  tab?: boolean;
  /** The user's signatures for the signature menu (null or undefined: not available). */
  signatures?: readonly EditorSignature[] | null;
  /** Offer Send later beside Send. */
  sendLater?: boolean;
}

/** A column filling its place; on phones the whole screen, over the app bar. */
const composerSx: SxProps<Theme> = (theme) => ({
  flex: 1,
  minWidth: 0,
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  bgcolor: 'background.paper',
  [theme.breakpoints.down('sm')]: { position: 'fixed', inset: 0, zIndex: theme.zIndex.appBar + 1 },
  position: 'relative',
});

/**
 * The composer: recipients, subject, body, attachments; saved automatically, sent with undo. Full
 * screen on phones with 48 px targets. Ctrl/Cmd+Enter sends from anywhere in it (caught before the editor,
 * whose own Mod-Enter would insert a line break).
 */
export function Composer({
  userIndex,
  draftId,
  start,
  account,
  returnTo,
  tab = false,
  signatures,
  sendLater = false,
}: ComposerProps) {
  const { t } = useTranslation('compose');
  const navigate = useNavigate();
  const { draft, editedAt, update } = useComposerForm(start);
  const sync = useDraftSync({ userIndex, draftId, draft, editedAt, start });

  const attachments = useAttachments({
    userIndex,
    draftId,
    attachments: draft.attachments,
    bodyBytes: bodyBytes(draft),
    onUploaded: useCallback((a) => update((d) => ({ attachments: [...d.attachments, a] })), [update]),
    onRemoved: useCallback(
      (a) => update((d) => ({ attachments: d.attachments.filter((x) => x !== a) })),
      [update],
    ),
    onRefused: useAttachmentRefusalNotice(),
  });
  const guard = useLeaveGuard(sync.dirty || attachments.pending > 0);
  const { allowLeaving } = guard;

  const leave = useCallback(() => {
    allowLeaving();
    navigate(returnTo);
  }, [allowLeaving, navigate, returnTo]);
  const openDraft = useCallback(
    () => navigate(composePath(userIndex, draftId, tab), { state: composeLinkState(returnTo) }),
    [navigate, userIndex, draftId, tab, returnTo],
  );
  const sender = useSendDraft({
    userIndex,
    draftId,
    draft,
    editedAt,
    uploads: attachments,
    sync,
    onQueued: leave,
    openDraft,
  });

  const saveErrors = useMemo(() => composerFieldErrors(sync.fieldErrors), [sync.fieldErrors]);
  const errors = { ...saveErrors, ...sender.fieldErrors };

  const discard = useDiscardDraft({ userIndex, draftId, hold: sync.hold, leave });
  const onKeyDownCapture = useSendShortcut(() => void sender.send());
  const drop = useAttachmentDrop(attachments.add);

  return (
    <Box
      component="section"
      aria-label={draft.subject || t('newMessage')}
      onKeyDownCapture={onKeyDownCapture}
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
      sx={composerSx}
    >
      <ComposerHeader
        title={draft.subject || t('newMessage')}
        onClose={() => navigate(returnTo)}
        state={
          <DraftStateLabel
            state={sync.state}
            lastResult={sync.lastResult}
            offline={sync.offline}
            validationMessage={Object.values(sync.fieldErrors).flat().join(', ')}
          />
        }
      />
      <ComposerFields
        userIndex={userIndex}
        account={account}
        draft={draft}
        update={update}
        signatures={signatures ?? undefined}
        errors={errors}
        attachments={attachments}
      />
      <SendProblems
        problems={sender.problems}
        general={[...(errors.general ?? []), ...(errors.attachments ?? [])]}
      />
      <ComposerFooter
        sending={sync.state === 'sending'}
        onSend={() => void sender.send()}
        onSendLater={sendLater ? (sendAt) => void sender.send(sendAt) : undefined}
        onAttach={attachments.add}
        onDiscard={discard}
      />
      {drop.dragging && <DropOverlay />}
      <LeaveDialog
        open={guard.asking}
        texts={{
          title: t('leave.title'),
          text: t('leave.text'),
          stay: t('leave.stay'),
          leave: t('leave.leave'),
        }}
        onStay={guard.stay}
        onLeave={() => {
          sync.flush();
          guard.leave();
        }}
      />
    </Box>
  );
}
