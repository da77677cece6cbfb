import { useMutation } from '@tanstack/react-query';
import { feedbackEndpoints, type FeedbackInput } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';

/** POST /api/u/{i}/feedback; the dialog shows what failed and keeps what was typed. */
export function useSendFeedback(userIndex: number) {
  return useMutation({
    mutationFn: (body: FeedbackInput) => callApi(feedbackEndpoints.send, { params: { userIndex }, body }),
    meta: { errorSnackbar: false },
  });
}
