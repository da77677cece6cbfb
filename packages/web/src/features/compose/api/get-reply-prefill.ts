import { queryOptions, useQuery } from '@tanstack/react-query';
import { composeEndpoints, type ReplyMode } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { composeKeys } from './compose.keys';

/** The browser's IANA time zone, for the attribution line's date ("On … Bob wrote:"). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** GET /api/u/{i}/compose/replyTo/{mailboxId}/{uid}?mode=&tz=: a pre-filled reply or forward. */
export function replyPrefillQueryOptions(
  userIndex: number,
  mailboxId: string,
  messageId: number,
  mode: ReplyMode,
) {
  return queryOptions({
    queryKey: composeKeys.replyPrefill(userIndex, mailboxId, messageId, mode),
    queryFn: ({ signal }) =>
      callApi(
        composeEndpoints.replyTo,
        { params: { userIndex, mailboxId, messageId }, query: { mode, tz: browserTimeZone() } },
        { signal },
      ).then((response) => response.draft),
    // Each reply starts a new draft: never reuse an old prefill.
    gcTime: 0,
    staleTime: 0,
  });
}

export function useReplyPrefill(
  userIndex: number,
  source: { mailboxId: string; messageId: number; mode: ReplyMode } | null,
) {
  return useQuery({
    ...replyPrefillQueryOptions(
      userIndex,
      source?.mailboxId ?? '',
      source?.messageId ?? 0,
      source?.mode ?? 'reply',
    ),
    enabled: source !== null,
  });
}
