/** Query keys of the auth feature; invalidate only through these (conventions §7). */
export const authKeys = {
  all: ['auth'] as const,
  me: (userIndex: number) => [...authKeys.all, 'me', userIndex] as const,
};
