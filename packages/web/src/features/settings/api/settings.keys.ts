/** Query keys of the settings feature. */
export const settingsKeys = {
  all: (userIndex: number) => ['settings', userIndex] as const,
  details: (userIndex: number) => [...settingsKeys.all(userIndex), 'details'] as const,
  /** The configuration store (`/config`): the interface language. */
  config: (userIndex: number) => [...settingsKeys.all(userIndex), 'config'] as const,
  /** External-content mode and per-sender allow list (settings/security/content). */
  externalContent: (userIndex: number) => [...settingsKeys.all(userIndex), 'externalContent'] as const,
};
