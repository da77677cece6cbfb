import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../../shared/api/api-client';
import { isSignInPath } from '../../shared/session/session';
import { openSessionChannel } from '../../shared/session/session-channel';
import {
  createSessionCoordinator,
  type NavigatingRouter,
  type SessionCoordinator,
} from './session-coordinator';

/**
 * Wires the session handling of one tab: the cross-tab channel, the sign-out rules, and the API client's 401
 * handling. On the sign-in pages a 401 belongs to the form, so no refresh and no sign-out happen there.
 */
export function connectSession(
  router: NavigatingRouter,
  queryClient: QueryClient,
  options: { forgetDeviceData?: (scope: number | 'all') => Promise<void> } = {},
): SessionCoordinator {
  const coordinator = createSessionCoordinator({
    router,
    queryClient,
    channel: openSessionChannel(),
    forgetDeviceData: options.forgetDeviceData,
  });
  configureApiClient({
    handlesUnauthorized: () => !isSignInPath(router.state.location.pathname),
    onSessionExpired: coordinator.sessionExpired,
  });
  return coordinator;
}
