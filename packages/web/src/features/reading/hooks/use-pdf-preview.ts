import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { pdfAttachmentQueryOptions, type AttachmentAddress } from '../api/get-attachment-file';

/**
 * A PDF attachment for the preview frame, as a `blob:` URL. The attachment route answers
 * `Content-Disposition: attachment` and a `sandbox` CSP (nothing a user receives is ever rendered as a page of our
 * origin), and browsers show no PDF viewer in a sandboxed document; the bytes are therefore fetched and handed to
 * the browser's viewer typed `application/pdf` — a PDF, never HTML, whatever the sender claimed. The app's CSP
 * allows `frame-src blob:` for this.
 *
 * `attachFrame` is the iframe's ref: it creates the URL when the frame mounts and revokes it when the frame goes (a
 * ref cleanup), so the bytes are not kept after the dialog closes.
 */
export function usePdfPreview(userIndex: number, address: AttachmentAddress) {
  const query = useQuery(pdfAttachmentQueryOptions(userIndex, address));
  const blob = query.data;

  const attachFrame = useCallback(
    (frame: HTMLIFrameElement | null) => {
      if (!frame || !blob) return;
      const url = URL.createObjectURL(blob);
      frame.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );

  return {
    ready: blob !== undefined,
    isError: query.isError,
    retry: () => void query.refetch(),
    attachFrame,
  };
}
