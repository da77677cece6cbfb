/** Query keys of the mailboxes feature. Everything of one user sits under `all(userIndex)`. */
export const mailboxesKeys = {
  all: (userIndex: number) => ['mailboxes', userIndex] as const,
  tree: (userIndex: number) => [...mailboxesKeys.all(userIndex), 'tree'] as const,
};
