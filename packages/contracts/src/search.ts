import { z } from 'zod';
import { MassActionRequest } from './mass-actions.js';
import { MessageListQuery, MessageListResponse } from './messages.js';
import { UserIndexParams } from './auth.js';
import { searchKeywords, searchLimits, type SearchKeyword } from './search-query.js';

/** The text of a query as the API takes it (the parser in `search-query.ts` reads it). */
export const SearchText = z.string().max(searchLimits.maxLength);

/**
 * `GET /search`: the window of the folder list (`offset`, `limit`, `mode`), the query, whether to remember it as
 * a recent search, and an optional folder scope (a folder id; the query's `in:` takes precedence).
 */
export const SearchQuery = MessageListQuery.extend({
  search: SearchText,
  setRecent: z.enum(['true', 'false']).default('false'),
  mailboxId: z.string().min(1).max(64).optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/**
 * Rows in the shape of a folder's list, newest first by arrival across the folders searched. Each row names its
 * folder (`mailbox`); in conversation mode a row's `conversation.uids` are the thread's hits in that folder.
 */
export const SearchResponse = MessageListResponse.extend({
  /** The folders searched (ids), for the page to say where it looked. */
  mailboxes: z.array(z.string()),
}).meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponse>;

/** `GET /search/keywords`: keyword → the pattern of a whole token using it (case-insensitive). */
export const SearchKeywordsResponse = z.object({
  keywords: z.record(z.enum(searchKeywords), z.string()),
});
export type SearchKeywordsResponse = { keywords: Record<SearchKeyword, string> };

/** One hit kept with a recent search (the fields the product names `searchEmails`). */
export const RecentSearchEmail = z.object({
  /** The message across folders: `<mailbox>:<id>`. */
  email_id: z.string(),
  subject: z.string(),
  /** The sender's address. */
  address: z.string(),
  is_draft: z.boolean(),
  has_attachments: z.boolean(),
  /** ISO 8601. */
  date: z.string(),
  mailbox: z.string(),
  thread: z.string(),
  /** UID in `mailbox`. */
  id: z.number().int(),
});
export type RecentSearchEmail = z.infer<typeof RecentSearchEmail>;

export const RecentSearch = z
  .object({
    id: z.string(),
    search_query: z.string(),
    searchEmails: z.array(RecentSearchEmail),
  })
  .meta({ id: 'RecentSearch' });
export type RecentSearch = z.infer<typeof RecentSearch>;

/** At most `searchLimits.recentSearches`, newest first. */
export const RecentSearchesResponse = z.object({ recentSearches: z.array(RecentSearch) });
export type RecentSearchesResponse = z.infer<typeof RecentSearchesResponse>;

export const SearchIdParams = UserIndexParams.extend({ id: z.string().min(1).max(64) });

/** A query saved under a name; shown under the folders with its unread count. */
export const SavedSearch = z
  .object({
    id: z.string(),
    name: z.string(),
    query: z.string(),
    /** Unread messages among its results; null when it could not be counted. */
    unseen: z.number().int().nullable(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof SavedSearch>;

export const SavedSearchesResponse = z.object({ savedSearches: z.array(SavedSearch) });
export type SavedSearchesResponse = z.infer<typeof SavedSearchesResponse>;

export const SavedSearchCreate = z
  .object({
    name: z.string().trim().min(1).max(searchLimits.savedSearchNameMax),
    query: SearchText.min(1),
  })
  .strict();
export type SavedSearchCreate = z.infer<typeof SavedSearchCreate>;

/**
 * `POST /search/massAction`: the folder mass-action request. With `context: 'searchAll'` a reference with
 * `messageId: '*'` means every result of `search` (its `mailboxId` is not read); other references name messages
 * as in a folder's request. The answer is the folder mass action's, per folder.
 */
export const SearchMassActionRequest = MassActionRequest;
export type SearchMassActionRequest = MassActionRequest;

/** Units of the advanced form's size (filter query size: signed bytes; KB 1024, MB 1024²). */
export const sizeSteps = { B: 1, KB: 1024, MB: 1024 * 1024 } as const;
export type SizeStep = keyof typeof sizeSteps;
export const sizeDirections = ['off', 'larger', 'smaller'] as const;
export type SizeDirection = (typeof sizeDirections)[number];
