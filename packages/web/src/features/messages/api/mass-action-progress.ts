import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MassActionName } from '@webmail/contracts';
import { messagesKeys } from './messages.keys';

/** The mass action running in one folder; `null` when nothing runs there. */
export interface MassActionProgress {
  action: MassActionName;
  total: number;
  /** UIDs done so far, as an IMAP UID set; empty until the server has answered. */
  handledUidSet: string;
  moveToTarget: string | null;
}

/**
 * The progress lives in the query cache (a key of this feature, never fetched), so every list of the folder sees
 * it without a store of its own and a sign-out drops it with the rest of the user's data.
 */
export function setMassActionProgress(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  progress: MassActionProgress | null,
): void {
  queryClient.setQueryData<MassActionProgress | null>(messagesKeys.progress(userIndex, mailboxId), progress);
}

export function useMassActionProgress(userIndex: number, mailboxId: string): MassActionProgress | null {
  const { data } = useQuery<MassActionProgress | null>({
    queryKey: messagesKeys.progress(userIndex, mailboxId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  return data ?? null;
}
