import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messagesEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { messagesKeys } from '../api/messages.keys';

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
export interface AttachmentAddress {
  mailboxId: string;
  messageId: number;
  attachmentId: string;
}

export function usePdfPreview(userIndex: number, { mailboxId, messageId, attachmentId }: AttachmentAddress) {
  const query = useQuery({
    queryKey: messagesKeys.attachmentFile(userIndex, mailboxId, messageId, attachmentId),
    queryFn: async ({ signal }) => {
      const params = { userIndex, mailboxId, messageId, attachmentId };
      const response = await callApi(messagesEndpoints.attachment, { params }, { signal });
      return new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
    },
    staleTime: Infinity,
    gcTime: 0,
  });
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
