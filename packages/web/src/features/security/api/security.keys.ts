/** Query keys of the security feature; the user index second, like every feature's. */
export const securityKeys = {
  all: (userIndex: number) => ['security', userIndex] as const,
  twoFactor: (userIndex: number) => [...securityKeys.all(userIndex), 'twoFactor'] as const,
  appPasswords: (userIndex: number) => [...securityKeys.all(userIndex), 'appPasswords'] as const,
  password: (userIndex: number) => [...securityKeys.all(userIndex), 'password'] as const,
  events: (userIndex: number, page: number) => [...securityKeys.all(userIndex), 'events', page] as const,
  sessions: (userIndex: number) => [...securityKeys.all(userIndex), 'sessions'] as const,
};
