import type { InfiniteData } from '@tanstack/react-query';
import type { MessageDetail, MessageListResponse, MessageSummary } from '@webmail/contracts';

export interface FlagsPatch {
  seen?: boolean;
  flagged?: boolean;
}

export function patchDetailFlags(
  data: MessageDetail | undefined,
  patch: FlagsPatch,
): MessageDetail | undefined {
  return data ? { ...data, ...patch } : data;
}

export function findInList(
  data: InfiniteData<MessageListResponse> | undefined,
  messageId: number,
): MessageSummary | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.messages.find((message) => message.id === messageId);
    if (found) return found;
  }
  return undefined;
}

/**
 * The loaded rows in order. Offset paging can repeat a row when new mail arrives between two page requests
 * (everything shifts down by one); the first occurrence wins so React keys stay unique.
 */
export function flattenPages(data: InfiniteData<MessageListResponse> | undefined): MessageSummary[] {
  const seen = new Set<number>();
  const rows: MessageSummary[] = [];
  for (const page of data?.pages ?? []) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      rows.push(message);
    }
  }
  return rows;
}
