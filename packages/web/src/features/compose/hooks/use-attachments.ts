import type { DraftAttachment } from '@webmail/contracts';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { errorMessage } from '../../../shared/api/error-message';
import { joinedFieldErrors } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { removeUpload, uploadAttachment } from '../api/upload-attachment';
import type { AttachmentRefusal } from '../lib/attachment-check';
import { acceptedUploads, withUploadChanged, type PendingUpload } from '../lib/pending-uploads';

export interface AttachmentsOptions {
  userIndex: number;
  draftId: string;
  attachments: DraftAttachment[];
  /** Bytes of the message without attachments (the body and its pasted images). */
  bodyBytes: number;
  onUploaded: (attachment: DraftAttachment) => void;
  onRemoved: (attachment: DraftAttachment) => void;
  onRefused: (file: File, refusal: AttachmentRefusal) => void;
}

/**
 * Attachments being uploaded (with progress), failed ones (retry or remove) and the limits checked before a
 * byte is sent. A finished upload becomes part of the draft through `onUploaded`.
 */
export function useAttachments(options: AttachmentsOptions) {
  const { userIndex, draftId, attachments, bodyBytes, onUploaded, onRemoved, onRefused } = options;
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const { start, controllers } = useUploadStarter(userIndex, draftId, onUploaded, setUploads);

  const add = (files: File[]) => {
    const accepted = acceptedUploads(files, { bodyBytes, attachments, uploads }, onRefused);
    setUploads((list) => [...list, ...accepted]);
    for (const upload of accepted) start(upload.key, upload.file);
  };

  const retry = (key: string) => {
    const upload = uploads.find((u) => u.key === key);
    if (!upload) return;
    setUploads(withUploadChanged(key, { status: 'uploading', progress: 0, error: null }));
    start(key, upload.file);
  };

  const cancel = (key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setUploads((list) => list.filter((u) => u.key !== key));
  };

  const remove = (attachment: DraftAttachment) => {
    onRemoved(attachment);
    // The upload is tied to the draft and cleaned up with it anyway; removing it now frees the space early.
    if (attachment.type === 'upload') void removeUpload(userIndex, attachment.id).catch(() => undefined);
  };

  return {
    uploads,
    pending: uploads.filter((u) => u.status === 'uploading').length,
    failed: uploads.filter((u) => u.status === 'failed').length,
    add,
    retry,
    cancel,
    remove,
  };
}

/**
 * Starts one upload with its progress and outcome written to the list: a finished upload leaves the list for the
 * draft (`onUploaded`), a failed one stays with its error. Uploads still running are aborted on unmount.
 */
function useUploadStarter(
  userIndex: number,
  draftId: string,
  onUploaded: (attachment: DraftAttachment) => void,
  setUploads: Dispatch<SetStateAction<PendingUpload[]>>,
) {
  const { t } = useTranslation('errors');
  const controllers = useRef(new Map<string, AbortController>());
  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadAttachment({
        userIndex,
        draftId,
        file,
        signal: controller.signal,
        onProgress: (progress) => setUploads(withUploadChanged(key, { progress })),
      }).then(
        (attachment) => {
          controllers.current.delete(key);
          setUploads((list) => list.filter((u) => u.key !== key));
          onUploaded(attachment);
        },
        (error: unknown) => {
          controllers.current.delete(key);
          if (error instanceof DOMException && error.name === 'AbortError') return;
          const message =
            isApiRequestError(error) && error.status === 422
              ? joinedFieldErrors(error, t) || errorMessage(error, t)
              : errorMessage(error, t);
          setUploads(withUploadChanged(key, { status: 'failed', error: message }));
        },
      );
    },
    [userIndex, draftId, onUploaded, setUploads, t],
  );

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);
  return { start, controllers };
}
