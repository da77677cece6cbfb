import { OkResponse, UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { MassActionResponse } from './mass-actions.js';
import {
  RecentSearchesResponse,
  SavedSearch,
  SavedSearchCreate,
  SavedSearchesResponse,
  SearchIdParams,
  SearchKeywordsResponse,
  SearchMassActionRequest,
  SearchQuery,
  SearchResponse,
} from './search.js';

const tags = ['search'] as const;

/** Search over every folder, the keyword map, recent and saved searches, and actions on all results. */
export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/search',
    auth: 'session',
    summary:
      'Messages matching a query, newest first across folders (every folder but Trash and Junk unless in: says)',
    tags,
    params: UserIndexParams,
    query: SearchQuery,
    responses: { 200: SearchResponse },
    errors: [401, 404, 422, 502, 503],
    // A first full-text search in a big folder that was never indexed can take a while.
    timeoutMs: 30_000,
  }),
  keywords: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/search/keywords',
    auth: 'session',
    summary: 'The search keywords and the pattern of a token using each (for highlighting)',
    tags,
    params: UserIndexParams,
    responses: { 200: SearchKeywordsResponse },
    errors: [401],
  }),
  recentSearches: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/search/recentSearches',
    auth: 'session',
    summary: 'The last searches (at most 5), newest first, each with its first hits',
    tags,
    params: UserIndexParams,
    responses: { 200: RecentSearchesResponse },
    errors: [401],
  }),
  deleteRecentSearch: defineEndpoint({
    method: 'DELETE',
    path: '/u/:userIndex/search/recentSearches/:id',
    auth: 'session',
    summary: 'Forget one recent search (404 when it is already gone)',
    tags,
    params: SearchIdParams,
    responses: { 200: OkResponse },
    errors: [401, 404, 419],
  }),
  savedSearches: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/search/saved',
    auth: 'session',
    summary: 'Saved searches with their unread counts',
    tags,
    params: UserIndexParams,
    responses: { 200: SavedSearchesResponse },
    errors: [401, 502, 503],
    timeoutMs: 30_000,
  }),
  saveSearch: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/search/saved',
    auth: 'session',
    summary: 'Save a query under a name',
    tags,
    params: UserIndexParams,
    body: SavedSearchCreate,
    responses: { 200: SavedSearch },
    errors: [401, 419, 422, 502, 503],
  }),
  deleteSavedSearch: defineEndpoint({
    method: 'DELETE',
    path: '/u/:userIndex/search/saved/:id',
    auth: 'session',
    summary: 'Delete a saved search',
    tags,
    params: SearchIdParams,
    responses: { 200: OkResponse },
    errors: [401, 404, 419],
  }),
  massAction: defineEndpoint({
    method: 'POST',
    path: '/u/:userIndex/search/massAction',
    auth: 'session',
    summary: 'A mass action on search results: every result (context searchAll, messageId *) or chosen ones',
    tags,
    params: UserIndexParams,
    body: SearchMassActionRequest,
    responses: { 200: MassActionResponse },
    errors: [401, 403, 404, 419, 422, 502, 503],
    timeoutMs: null,
  }),
};
