/** Query keys of the snooze feature; the user index second, like every feature's. */
export const snoozeKeys = {
  all: (userIndex: number) => ['snooze', userIndex] as const,
  list: (userIndex: number) => [...snoozeKeys.all(userIndex), 'list'] as const,
};
