/** Query keys of the accounts feature (conventions §7). */
export const accountsKeys = {
  all: ['accounts'] as const,
  list: () => [...accountsKeys.all, 'list'] as const,
};
