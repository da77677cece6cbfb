import type { DraftAttachment } from '@webmail/contracts';
import { checkAttachment, type AttachmentRefusal } from './attachment-check';

/** A file being uploaded to the draft, or whose upload failed (retry or remove). */
export interface PendingUpload {
  key: string;
  file: File;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'failed';
  error: string | null;
}

let sequence = 0;

/**
 * The files of a pick that fit the limits, as new uploads; each refused one goes to `onRefused`. The limits count
 * the body, the attachments already there and the uploads still running, plus the files accepted before it.
 */
export function acceptedUploads(
  files: File[],
  current: { bodyBytes: number; attachments: DraftAttachment[]; uploads: PendingUpload[] },
  onRefused: (file: File, refusal: AttachmentRefusal) => void,
): PendingUpload[] {
  const { bodyBytes, attachments, uploads } = current;
  let bytes = bodyBytes + attachments.reduce((sum, a) => sum + a.size, 0);
  bytes += uploads.reduce((sum, u) => sum + u.file.size, 0);
  let count = attachments.length + uploads.length;
  const accepted: PendingUpload[] = [];
  for (const file of files) {
    const refusal = checkAttachment(file, { currentBytes: bytes, currentCount: count });
    if (refusal) {
      onRefused(file, refusal);
      continue;
    }
    bytes += file.size;
    count += 1;
    sequence += 1;
    accepted.push({ key: `upload-${sequence}`, file, progress: 0, status: 'uploading', error: null });
  }
  return accepted;
}

/** The list with one upload changed. */
export const withUploadChanged =
  (key: string, change: Partial<PendingUpload>) =>
  (list: PendingUpload[]): PendingUpload[] =>
    list.map((u) => (u.key === key ? { ...u, ...change } : u));
