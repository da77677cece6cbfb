import { useMutation, useQueryClient } from '@tanstack/react-query';
import { snoozeEndpoints, type SnoozeMessageRef } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { holdLeavingMessages, markMessagesGone } from '../../../shared/api/mail-change';
import { snoozedChanged } from './snooze.cache';

/**
 * POST /api/u/{i}/snoozed: the messages leave their folder until `wakeAt`. Their queries (an open message's
 * detail and conversation) are held while the request is in flight and stop for good once it answers: the
 * re-read of every mail view that follows would ask for them again and get a 404 before the page has left them.
 */
export function useSnoozeMessages(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messages: SnoozeMessageRef[]; wakeAt: number }) =>
      callApi(snoozeEndpoints.snooze, {
        params: { userIndex },
        body: { messages: input.messages, wakeAt: new Date(input.wakeAt).toISOString() },
      }),
    onMutate: ({ messages }) => {
      const releases = messages.map((ref) =>
        holdLeavingMessages(queryClient, userIndex, ref.mailboxId, [ref.messageId]),
      );
      return { release: () => releases.forEach((release) => release()) };
    },
    onSuccess: (_response, { messages }) => {
      for (const ref of messages) markMessagesGone(queryClient, userIndex, ref.mailboxId, [ref.messageId]);
    },
    onSettled: (_response, _error, _input, context) => {
      context?.release();
      snoozedChanged(queryClient, userIndex);
    },
  });
}
