import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { securityEndpoints, type Reauthenticate } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { securityKeys } from './security.keys';

/** GET /api/u/{i}/security/2fa: TOTP, passkeys, recovery codes left, until when no re-authentication is needed. */
export function twoFactorQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: securityKeys.twoFactor(userIndex),
    queryFn: ({ signal }) => callApi(securityEndpoints.twoFactor, { params: { userIndex } }, { signal }),
  });
}

export const useTwoFactor = (userIndex: number) => useQuery(twoFactorQueryOptions(userIndex));

/** Every change re-reads the state (methods, recovery codes, the re-authentication window). */
function useTwoFactorMutation<V, R>(userIndex: number, fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor(userIndex) }),
  });
}

/** POST …/security/reauth: the password (or a code) confirmed for the next minutes of changes. */
export function useReauthenticate(userIndex: number) {
  return useTwoFactorMutation(userIndex, (body: Reauthenticate) =>
    callApi(securityEndpoints.reauthenticate, { params: { userIndex }, body }),
  );
}

export function useTotpSetup(userIndex: number) {
  return useMutation({
    mutationFn: () => callApi(securityEndpoints.totpSetup, { params: { userIndex } }),
    meta: { errorSnackbar: false },
  });
}

export function useTotpEnable(userIndex: number) {
  return useTwoFactorMutation(userIndex, (code: string) =>
    callApi(securityEndpoints.totpEnable, { params: { userIndex }, body: { code } }),
  );
}

export function useTotpDisable(userIndex: number) {
  return useTwoFactorMutation(userIndex, () =>
    callApi(securityEndpoints.totpDisable, { params: { userIndex } }),
  );
}

export function useRegenerateRecoveryCodes(userIndex: number) {
  return useTwoFactorMutation(userIndex, () =>
    callApi(securityEndpoints.recoveryCodes, { params: { userIndex } }),
  );
}

/** Registration options, the browser's ceremony (SimpleWebAuthn), then the named passkey's registration. */
export function useAddPasskey(userIndex: number) {
  return useTwoFactorMutation(userIndex, async (name: string) => {
    const { options } = await callApi(securityEndpoints.passkeyOptions, { params: { userIndex } });
    const response = await startRegistration({
      optionsJSON: options,
    });
    return callApi(securityEndpoints.passkeyRegister, {
      params: { userIndex },
      body: { name, response },
    });
  });
}

export function useRenamePasskey(userIndex: number) {
  return useTwoFactorMutation(userIndex, ({ id, name }: { id: string; name: string }) =>
    callApi(securityEndpoints.passkeyRename, { params: { userIndex, id }, body: { name } }),
  );
}

export function useRemovePasskey(userIndex: number) {
  return useTwoFactorMutation(userIndex, (id: string) =>
    callApi(securityEndpoints.passkeyRemove, { params: { userIndex, id } }),
  );
}
