import { queryOptions } from '@tanstack/react-query';
import { readingEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { readingKeys } from './reading.keys';

/** An attachment of a message, by its folder, UID and part id. */
export interface AttachmentAddress {
  mailboxId: string;
  messageId: number;
  attachmentId: string;
}

/**
 * GET …/messages/{uid}/attachments/{id} as a PDF `Blob` (for the preview frame): typed `application/pdf`
 * whatever the sender claimed, so the browser's PDF viewer shows it and nothing else does. Not kept once the
 * preview closes (`gcTime: 0`).
 */
export function pdfAttachmentQueryOptions(userIndex: number, address: AttachmentAddress) {
  const { mailboxId, messageId, attachmentId } = address;
  return queryOptions({
    queryKey: readingKeys.attachmentFile(userIndex, mailboxId, messageId, attachmentId),
    queryFn: async ({ signal }) => {
      const params = { userIndex, mailboxId, messageId, attachmentId };
      const response = await callApi(readingEndpoints.attachment, { params }, { signal });
      return new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
    },
    staleTime: Infinity,
    gcTime: 0,
  });
}
