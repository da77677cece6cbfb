/** Query keys of the messages feature (conventions §7). */
export const messagesKeys = {
  all: (userIndex: number) => ['messages', userIndex] as const,
  lists: (userIndex: number) => [...messagesKeys.all(userIndex), 'list'] as const,
  list: (userIndex: number, mailboxId: string) => [...messagesKeys.lists(userIndex), mailboxId] as const,
  details: (userIndex: number) => [...messagesKeys.all(userIndex), 'detail'] as const,
  detail: (userIndex: number, mailboxId: string, messageId: number) =>
    [...messagesKeys.details(userIndex), mailboxId, messageId] as const,
};
