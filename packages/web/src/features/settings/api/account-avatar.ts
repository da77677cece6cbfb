import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { avatarEndpoints, type AccountsResponse } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { accountsKeys } from '../../accounts/api/accounts.keys';

/**
 * The account's avatar is the `avatar` of its account-list entry (the account menu and user select show it from
 * there). A change shows at once — the chosen file as a local preview, or no image — and the previous entry comes
 * back when the server refuses it.
 */
async function showAvatar(queryClient: QueryClient, userIndex: number, avatar: string | null) {
  const key = accountsKeys.list();
  await queryClient.cancelQueries({ queryKey: key });
  const before = queryClient.getQueryData<AccountsResponse>(key);
  if (before) {
    queryClient.setQueryData<AccountsResponse>(key, {
      accounts: before.accounts.map((a) => (a.uid === userIndex ? { ...a, avatar } : a)),
    });
  }
  return { before };
}

function useAvatarMutation<V>(
  userIndex: number,
  mutationFn: (variables: V) => Promise<unknown>,
  preview: (variables: V) => string | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorSnackbar: false },
    onMutate: (variables) => showAvatar(queryClient, userIndex, preview(variables)),
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(accountsKeys.list(), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKeys.list() }),
  });
}

/** POST /api/u/{i}/details/avatar (multipart field `avatar`); the server crops and resizes it. */
export function useUploadAvatar(userIndex: number) {
  return useAvatarMutation(
    userIndex,
    (file: File) => {
      const body = new FormData();
      body.append('avatar', file);
      return callApi(avatarEndpoints.uploadAvatar, { params: { userIndex }, body });
    },
    (file) => URL.createObjectURL(file),
  );
}

/** DELETE /api/u/{i}/details/avatar. */
export function useRemoveAvatar(userIndex: number) {
  return useAvatarMutation(
    userIndex,
    () => callApi(avatarEndpoints.removeAvatar, { params: { userIndex } }),
    () => null,
  );
}
