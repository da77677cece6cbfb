import type { DraftAttachment } from '@webmail/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { errorMessage } from '../../../shared/api/error-message';
import { joinedFieldErrors } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { removeUpload, uploadAttachment } from '../api/upload-attachment';
import { checkAttachment, type AttachmentRefusal } from '../lib/attachment-check';

export interface PendingUpload {
  key: string;
  file: File;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'failed';
  error: string | null;
}

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

let sequence = 0;

/**
 * Attachments being uploaded (with progress), failed ones (retry or remove) and the limits checked before a
 * byte is sent. A finished upload becomes part of the draft through `onUploaded`.
 */
export function useAttachments(options: AttachmentsOptions) {
  const { userIndex, draftId, attachments, bodyBytes, onUploaded, onRemoved, onRefused } = options;
  const { t } = useTranslation('errors');
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadAttachment({
        userIndex,
        draftId,
        file,
        signal: controller.signal,
        onProgress: (progress) =>
          setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))),
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
          setUploads((list) =>
            list.map((u) => (u.key === key ? { ...u, status: 'failed', error: message } : u)),
          );
        },
      );
    },
    [userIndex, draftId, onUploaded, t],
  );

  const add = (files: File[]) => {
    let bytes = bodyBytes + attachments.reduce((sum, a) => sum + a.size, 0);
    bytes += uploads.reduce((sum, u) => sum + u.file.size, 0);
    let count = attachments.length + uploads.length;
    const accepted: PendingUpload[] = [];
    for (const file of files) {
      const refusal = checkAttachment(file, { inline: false, currentBytes: bytes, currentCount: count });
      if (refusal) {
        onRefused(file, refusal);
        continue;
      }
      bytes += file.size;
      count += 1;
      sequence += 1;
      accepted.push({ key: `upload-${sequence}`, file, progress: 0, status: 'uploading', error: null });
    }
    setUploads((list) => [...list, ...accepted]);
    for (const upload of accepted) start(upload.key, upload.file);
  };

  const retry = (key: string) => {
    const upload = uploads.find((u) => u.key === key);
    if (!upload) return;
    patch(key, { status: 'uploading', progress: 0, error: null });
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

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

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
