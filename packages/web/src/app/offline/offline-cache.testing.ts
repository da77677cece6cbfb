import type { QueryClient } from '@tanstack/react-query';
import type { MessageListResponse } from '@webmail/contracts';
import { accountsKeys } from '../../features/accounts/api/accounts.keys';
import { mailboxesKeys } from '../../features/mailboxes/api/mailboxes.keys';
import { sampleTree } from '../../test/folder.testing';
import { messagesKeys } from '../../features/messages/api/messages.keys';
import { buildMessageDetail, buildMessageSummaries } from '../../features/messages/message.testing';
import { readingKeys } from '../../features/reading/api/reading.keys';
import { settingsKeys } from '../../features/settings/api/settings.keys';

/** A list's cached pages as the infinite query holds them: `pages` pages of 2 rows. */
export function listPages(pages: number, mailbox = 'id-inbox') {
  const rows = buildMessageSummaries(pages * 2, mailbox);
  const page = (index: number): MessageListResponse => ({
    total: rows.length,
    offset: index * 2,
    messages: rows.slice(index * 2, index * 2 + 2),
  });
  return {
    pages: Array.from({ length: pages }, (_, index) => page(index)),
    pageParams: Array.from({ length: pages }, (_, index) => index * 2),
  };
}

/**
 * What a user's reading leaves in the cache: the folder tree, an Inbox list of three pages, one message, one
 * conversation, and data that is never kept offline (the account list, user details, a message's source).
 */
export function fillUserCache(queryClient: QueryClient, userIndex: number, subject = `Secret ${userIndex}`) {
  queryClient.setQueryData(mailboxesKeys.tree(userIndex), { mailboxes: sampleTree(), quota: null });
  queryClient.setQueryData(messagesKeys.list(userIndex, 'id-inbox', 'messages'), listPages(3));
  queryClient.setQueryData(
    messagesKeys.detail(userIndex, 'id-inbox', 7),
    buildMessageDetail(7, { subject, text: `${subject} body` }),
  );
  queryClient.setQueryData(readingKeys.thread(userIndex, 'id-inbox', 'thread-7', 7), {
    thread: 'thread-7',
    messages: [],
  });
  queryClient.setQueryData(accountsKeys.list(), { accounts: [] });
  queryClient.setQueryData(settingsKeys.details(userIndex), { anything: true });
  queryClient.setQueryData(readingKeys.source(userIndex, 'id-inbox', 7), 'Subject: source');
}
