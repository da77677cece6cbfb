import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { securityEndpoints, type PasswordChange } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { securityKeys } from './security.keys';

/** GET …/security/password: whether this server can change the password. */
export function usePasswordSupport(userIndex: number) {
  return useQuery(
    queryOptions({
      queryKey: securityKeys.password(userIndex),
      queryFn: ({ signal }) =>
        callApi(securityEndpoints.passwordSupport, { params: { userIndex } }, { signal }),
    }),
  );
}

/** POST …/security/password: the account's other sessions end; this one goes on. */
export function useChangePassword(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      callApi(securityEndpoints.changePassword, { params: { userIndex }, body }),
    meta: { errorSnackbar: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions(userIndex) }),
  });
}

/** GET …/security/events?page=: one page of the security log, newest first. */
export function useSecurityEvents(userIndex: number, page: number) {
  return useQuery(
    queryOptions({
      queryKey: securityKeys.events(userIndex, page),
      queryFn: ({ signal }) =>
        callApi(securityEndpoints.events, { params: { userIndex }, query: { page } }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET …/security/sessions: the account's signed-in sessions on every device. */
export function useAccountSessions(userIndex: number) {
  return useQuery(
    queryOptions({
      queryKey: securityKeys.sessions(userIndex),
      queryFn: ({ signal }) => callApi(securityEndpoints.sessions, { params: { userIndex } }, { signal }),
    }),
  );
}

/** DELETE …/security/sessions/{id}: that session's next call is refused. */
export function useRevokeSession(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(securityEndpoints.revokeSession, { params: { userIndex, id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all(userIndex) }),
  });
}

/** DELETE …/security/sessions: every other session of the account ends; this one goes on. */
export function useRevokeOtherSessions(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(securityEndpoints.revokeOtherSessions, { params: { userIndex } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all(userIndex) }),
  });
}
