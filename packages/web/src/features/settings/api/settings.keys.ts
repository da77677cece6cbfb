/** Query keys of the settings feature. */
export const settingsKeys = {
  all: (userIndex: number) => ['settings', userIndex] as const,
  details: (userIndex: number) => [...settingsKeys.all(userIndex), 'details'] as const,
  /** The configuration store (`/config`): the interface language. */
  config: (userIndex: number) => [...settingsKeys.all(userIndex), 'config'] as const,
  /** Outgoing addresses (`/settings/whitelist`): every one, and the verified ones (the composer's From choices). */
  outgoingAddresses: (userIndex: number) => [...settingsKeys.all(userIndex), 'outgoingAddresses'] as const,
  outgoingAddressList: (userIndex: number) => [...settingsKeys.outgoingAddresses(userIndex), 'all'] as const,
  verifiedAddresses: (userIndex: number) =>
    [...settingsKeys.outgoingAddresses(userIndex), 'verified'] as const,
  /** External-content mode and per-sender allow list (settings/security/content). */
  externalContent: (userIndex: number) => [...settingsKeys.all(userIndex), 'externalContent'] as const,
};
