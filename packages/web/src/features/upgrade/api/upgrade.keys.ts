/** Query keys of the upgrade feature; the user index second, like every feature's. */
export const upgradeKeys = {
  all: (userIndex: number) => ['upgrade', userIndex] as const,
  info: (userIndex: number) => [...upgradeKeys.all(userIndex), 'info'] as const,
};
