import { staleQuery, type FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { accountsKeys } from '../../accounts/api/accounts.keys';
import { authKeys } from '../../auth/api/auth.keys';
import { settingsKeys } from './settings.keys';

const staleOutgoingAddresses = staleQuery(settingsKeys.outgoingAddresses);

/** The account's details, configuration, avatar, remote-content senders and outgoing addresses changed elsewhere. */
export const settingsEventHandlers = {
  remoteContentWhitelist: (_event, { userIndex, stale }) =>
    stale({ queryKey: settingsKeys.externalContent(userIndex) }),
  accountDetailsUpdated: (_event, { userIndex, stale }) =>
    stale({ queryKey: settingsKeys.details(userIndex) }, { queryKey: authKeys.me(userIndex) }),
  accountAttributesUpdated: (_event, { userIndex, stale }) =>
    stale({ queryKey: settingsKeys.details(userIndex) }, { queryKey: settingsKeys.config(userIndex) }),
  // The account list shows the avatar in the account menu; `me` carries it for the app bar.
  avatarUpdated: (_event, { userIndex, stale }) =>
    stale({ queryKey: accountsKeys.list() }, { queryKey: authKeys.me(userIndex) }),
  // The settings list and the composer's From choices are read again.
  whitelistEmailUpdated: staleOutgoingAddresses,
  whitelistEmailDeleted: staleOutgoingAddresses,
} satisfies FeatureEventHandlers;
