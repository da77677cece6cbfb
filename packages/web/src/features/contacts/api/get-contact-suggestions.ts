import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contactLimits, contactsEndpoints } from '@webmail/contracts';
import { useMemo } from 'react';
import { callApi } from '../../../shared/api/call-api';
import { contactsKeys } from './contacts.keys';
import { contactAvatarUrl, groupAvatarUrl } from './avatar-urls';

const searchable = (query: string) => query.length > 0 && query.length <= contactLimits.queryMax;

/** GET /contacts/suggestions?query=: groups and contacts matching a recipient being typed. */
export function contactSuggestionsQueryOptions(userIndex: number, query: string) {
  return queryOptions({
    queryKey: contactsKeys.suggestions(userIndex, query),
    queryFn: ({ signal }) =>
      callApi(
        contactsEndpoints.suggestions,
        { params: { userIndex }, query: { query, limit: 8 } },
        { signal },
      ).then((r) => r.suggestions),
    enabled: searchable(query),
    staleTime: 60_000,
    // Suggestions are a convenience: a failed search shows none instead of an error snackbar.
    meta: { errorSnackbar: false },
  });
}

export function useContactSuggestions(userIndex: number, query: string) {
  return useQuery({ ...contactSuggestionsQueryOptions(userIndex, query), placeholderData: keepPreviousData });
}

/** A suggestion as the composer's directory takes it (the composer's `DirectoryEntry`). */
export interface ContactDirectoryEntry {
  key: string;
  kind: 'contact' | 'group';
  name: string;
  address: string;
  members: Array<{ name: string; address: string }>;
  avatarUrl: string | null;
}

/** The address books as the composer's recipient directory: groups and contacts matching the (debounced) query. */
export function useContactDirectory(userIndex: number, query: string): ContactDirectoryEntry[] {
  const { data } = useContactSuggestions(userIndex, query);
  return useMemo(
    () =>
      (data ?? []).map((s) =>
        s.kind === 'group'
          ? {
              key: s.id,
              kind: 'group' as const,
              name: s.name,
              address: '',
              members: s.members,
              avatarUrl: s.hasAvatar ? groupAvatarUrl(userIndex, s.groupId, s.etag) : null,
            }
          : {
              key: s.id,
              kind: 'contact' as const,
              name: s.name,
              address: s.address,
              members: [],
              avatarUrl: s.hasAvatar ? contactAvatarUrl(userIndex, s.contactId, s.etag) : null,
            },
      ),
    [data, userIndex],
  );
}
