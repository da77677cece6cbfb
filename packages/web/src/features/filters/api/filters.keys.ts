/** Query keys of the filters feature; the user index second, like every feature's. */
export const filtersKeys = {
  all: (userIndex: number) => ['filters', userIndex] as const,
  list: (userIndex: number) => [...filtersKeys.all(userIndex), 'list'] as const,
  targets: (userIndex: number) => [...filtersKeys.all(userIndex), 'targets'] as const,
  autoreply: (userIndex: number) => [...filtersKeys.all(userIndex), 'autoreply'] as const,
  spamLevel: (userIndex: number) => [...filtersKeys.all(userIndex), 'spamLevel'] as const,
};
