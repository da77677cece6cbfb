import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { discardDraft } from '../api/drafts';
import { refreshDraftsFolder } from '../api/drafts-folder';
import { useAttachments } from '../hooks/use-attachments';
import { useComposerForm } from '../hooks/use-composer-form';
import { useDraftSync } from '../hooks/use-draft-sync';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useSendDraft } from '../hooks/use-send-draft';
import { bodyBytes, type AttachmentRefusal } from '../lib/attachment-check';
import { composeLinkState } from '../../../shared/routing/compose-link-state';
import { composePath } from '../lib/compose-location';
import { composerFieldErrors } from '../lib/field-errors';
import { removeLocalDraft } from '../lib/local-draft-store';
import type { ComposerSignature } from '../lib/signature-block';
import type { StartingDraft } from '../lib/starting-draft';
import { AttachmentList } from './attachment-list';
import { ComposerBody } from './composer-body';
import { ComposerFooter } from './composer-footer';
import { ComposerHeader } from './composer-header';
import { DraftStateLabel } from './draft-state-label';
import { DropOverlay } from './drop-overlay';
import { LeaveDialog } from '../../../shared/ui/leave-dialog';
import { RecipientFields, type ComposerAccount } from './recipient-fields';
import { refusalMessage } from './refusal-message';
import { SendProblems } from './send-problems';
import { SubjectField } from './subject-field';

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
  signatures?: readonly ComposerSignature[] | null;
  /** Offer Send later beside Send. */
  sendLater?: boolean;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

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
  const { t, i18n } = useTranslation('compose');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { draft, editedAt, update } = useComposerForm(start);
  const sync = useDraftSync({ userIndex, draftId, draft, editedAt, start });
  const [dragging, setDragging] = useState(false);
  // Where the caret goes as the composer opens: a reply (it has its recipients) is answered at the top of the body,
  // above the quote; a new message or a forward starts with its recipients.
  const [bodyFirst] = useState(() => start.draft.to.length > 0);

  const language = i18n.resolvedLanguage ?? i18n.language;
  const onRefused = useCallback(
    (file: File, refusal: AttachmentRefusal) =>
      snackbar.show({ type: 'error', message: refusalMessage(t, file, refusal, language), timeout: 10_000 }),
    [snackbar, t, language],
  );
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
    onRefused,
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

  const discard = () => {
    sync.hold();
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

  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    void sender.send();
  };

  return (
    <Box
      component="section"
      aria-label={draft.subject || t('newMessage')}
      onKeyDownCapture={onKeyDownCapture}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        attachments.add(Array.from(event.dataTransfer.files));
      }}
      sx={(theme) => ({
        flex: 1,
        minWidth: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        [theme.breakpoints.down('sm')]: { position: 'fixed', inset: 0, zIndex: theme.zIndex.appBar + 1 },
        position: 'relative',
      })}
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
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          px: { xs: 2, sm: 3 },
          pt: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
        }}
      >
        <RecipientFields
          userIndex={userIndex}
          draft={draft}
          account={account}
          onChange={update}
          errors={errors}
          autoFocus={!bodyFirst}
        />
        <SubjectField
          value={draft.subject}
          onChange={(subject) => update({ subject })}
          errors={errors.subject}
        />
        <ComposerBody
          draft={draft}
          onChange={update}
          messageBytes={bodyBytes(draft) + draft.attachments.reduce((sum, a) => sum + a.size, 0)}
          onRefused={onRefused}
          errors={errors.body}
          signatures={signatures ?? undefined}
          focusAtStart={bodyFirst}
        />
        <AttachmentList
          attachments={draft.attachments}
          uploads={attachments.uploads}
          onRemove={attachments.remove}
          onRetry={attachments.retry}
          onCancel={attachments.cancel}
        />
      </Box>
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
      {dragging && <DropOverlay />}
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
