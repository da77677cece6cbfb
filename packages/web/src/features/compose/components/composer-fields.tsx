import Box from '@mui/material/Box';
import { useState } from 'react';
import type { useAttachments } from '../hooks/use-attachments';
import type { DraftPatch } from '../hooks/use-composer-form';
import { bodyBytes } from '../lib/attachment-check';
import type { ComposerDraft } from '../lib/composer-draft';
import type { ComposerFieldErrors } from '../lib/field-errors';
import type { EditorSignature } from '../../../shared/editor/signature-block';
import { AttachmentList } from './attachment-list';
import { ComposerBody } from './composer-body';
import { RecipientFields, type ComposerAccount } from './recipient-fields';
import { SubjectField } from './subject-field';

export interface ComposerFieldsProps {
  userIndex: number;
  account: ComposerAccount | undefined;
  signatures: readonly EditorSignature[] | undefined;
  draft: ComposerDraft;
  update: (patch: DraftPatch) => void;
  errors: ComposerFieldErrors;
  attachments: Pick<ReturnType<typeof useAttachments>, 'uploads' | 'remove' | 'retry' | 'cancel'>;
}

/**
 * The composer's scrolling middle, between its header and its footer: the recipient fields, the subject, the
 * body and the attachment list, each with its errors. It lays them out, passes the draft's parts down and
 * decides where the caret starts; the draft itself, its saving and its uploads are owned by `Composer`.
 */
export function ComposerFields({
  userIndex,
  account,
  signatures,
  draft,
  update,
  errors,
  attachments,
}: ComposerFieldsProps) {
  // Where the caret goes as the composer opens: a reply (it has its recipients) is answered at the top of the body,
  // above the quote; a new message or a forward starts with its recipients. Taken from the draft as it opens (this
  // part mounts with the composer, when the draft is still the starting one) and kept.
  const [bodyFirst] = useState(() => draft.to.length > 0);
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
        value={draft}
        onChange={update}
        messageBytes={bodyBytes(draft) + draft.attachments.reduce((sum, a) => sum + a.size, 0)}
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
