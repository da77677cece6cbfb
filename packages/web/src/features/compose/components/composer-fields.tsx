import Box from '@mui/material/Box';
import type { useAttachments } from '../hooks/use-attachments';
import type { DraftPatch } from '../hooks/use-composer-form';
import { bodyBytes, type AttachmentRefusal } from '../lib/attachment-check';
import type { ComposerDraft } from '../lib/composer-draft';
import type { ComposerFieldErrors } from '../lib/field-errors';
import type { ComposerSignature } from '../lib/signature-block';
import { AttachmentList } from './attachment-list';
import { ComposerBody } from './composer-body';
import { RecipientFields, type ComposerAccount } from './recipient-fields';
import { SubjectField } from './subject-field';

export interface ComposerFieldsProps {
  userIndex: number;
  draft: ComposerDraft;
  account: ComposerAccount | undefined;
  update: (patch: DraftPatch) => void;
  errors: ComposerFieldErrors;
  /** The caret starts in the body (a reply), not in the first recipient field. */
  bodyFirst: boolean;
  signatures: readonly ComposerSignature[] | undefined;
  onRefused: (file: File, refusal: AttachmentRefusal) => void;
  attachments: Pick<ReturnType<typeof useAttachments>, 'uploads' | 'remove' | 'retry' | 'cancel'>;
}

/**
 * The composer's scrolling middle, between its header and its footer: the recipient fields, the subject, the
 * body and the attachment list, each with its errors. It lays them out and passes the draft's parts down;
 * the draft itself, its saving and its uploads are owned by `Composer`.
 */
export function ComposerFields({
  userIndex,
  draft,
  account,
  update,
  errors,
  bodyFirst,
  signatures,
  onRefused,
  attachments,
}: ComposerFieldsProps) {
  return (
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
        signatures={signatures}
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
  );
}
