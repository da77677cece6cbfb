/**
 * Query keys of the auth feature; invalidate only through these. Per-user keys put the user
 * index second, like every feature's (`[feature, userIndex, …]`), so a sign-out can drop one user's data.
 */
export const authKeys = {
  all: ['auth'] as const,
  user: (userIndex: number) => [...authKeys.all, userIndex] as const,
  me: (userIndex: number) => [...authKeys.user(userIndex), 'me'] as const,
};
