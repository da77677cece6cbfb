import type { QueryClient } from '@tanstack/react-query';
import type { AppEvent } from '@webmail/contracts';
import type { EventContext, FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { securityKeys } from './security.keys';

/**
 * What a live event means for the security feature's caches: a passkey added or removed elsewhere re-reads the
 * two-step state; an application password added or removed re-reads the list. Answers whether it was one of
 * ours (the event stream calls every feature's function with each event).
 */
export function applySecurityEvent(queryClient: QueryClient, userIndex: number, event: AppEvent): boolean {
  switch (event.command) {
    case 'webauthnAdded':
    case 'webauthnRemoved':
      void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor(userIndex) });
      return true;
    case 'applicationPasswordAdded':
    case 'applicationPasswordRemoved':
      void queryClient.invalidateQueries({ queryKey: securityKeys.appPasswords(userIndex) });
      return true;
    default:
      return false;
  }
}

const securityChanged = (event: AppEvent, { queryClient, userIndex }: EventContext) =>
  void applySecurityEvent(queryClient, userIndex, event);

export const securityEventHandlers = {
  webauthnAdded: securityChanged,
  webauthnRemoved: securityChanged,
  applicationPasswordAdded: securityChanged,
  applicationPasswordRemoved: securityChanged,
} satisfies FeatureEventHandlers;
