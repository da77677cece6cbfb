/** Query keys of the contacts feature (the user index second, as every feature's). */
export const contactsKeys = {
  all: (userIndex: number) => ['contacts', userIndex] as const,
  addressBooks: (userIndex: number) => [...contactsKeys.all(userIndex), 'addressBooks'] as const,
  lists: (userIndex: number) => [...contactsKeys.all(userIndex), 'list'] as const,
  list: (userIndex: number, filter: { query: string; addressBookId?: string; groupId?: string }) =>
    [...contactsKeys.lists(userIndex), filter] as const,
  contact: (userIndex: number, id: string) => [...contactsKeys.all(userIndex), 'contact', id] as const,
  groups: (userIndex: number) => [...contactsKeys.all(userIndex), 'groups'] as const,
  group: (userIndex: number, id: string) => [...contactsKeys.all(userIndex), 'group', id] as const,
  suggestions: (userIndex: number, query: string) =>
    [...contactsKeys.all(userIndex), 'suggestions', query] as const,
};
