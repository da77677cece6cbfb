/** Query keys of the signatures feature; the user index second, like every feature's. */
export const signaturesKeys = {
  all: (userIndex: number) => ['signatures', userIndex] as const,
  list: (userIndex: number) => [...signaturesKeys.all(userIndex), 'list'] as const,
};
