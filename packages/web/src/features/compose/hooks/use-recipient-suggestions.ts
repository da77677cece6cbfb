import { composeLimits } from '@webmail/contracts';
import { useContext, useMemo } from 'react';
import { isSearchableQuery, useRecentParties } from '../api/get-recent-parties';
import { RecipientDirectoryContext } from '../api/recipient-directory';
import { toChip, type AddressChip } from '../lib/address-chips';
import { useDebouncedValue } from './use-debounced-value';

/** A suggestion: a person (a chip to add), or a group whose members are added together. */
export interface RecipientOption extends AddressChip {
  key: string;
  kind: 'contact' | 'group' | 'recent';
  /** A group's members, added as chips when it is chosen. */
  members?: AddressChip[];
  avatarUrl?: string | null;
}

/**
 * Autocomplete suggestions for an address field: the address books' groups and contacts first, then the recent
 * parties, matched on the name and any address; searched 250 ms after typing stops (at the latest every
 * 1000 ms while it goes on), skipped for an empty query or one over 255 characters, without the addresses
 * already in the field.
 */
export function useRecipientSuggestions(
  userIndex: number,
  text: string,
  taken: AddressChip[],
): RecipientOption[] {
  const query = useDebouncedValue(
    text.trim(),
    composeLimits.recipientSearchDebounceMs,
    composeLimits.recipientSearchMaxWaitMs,
  );
  const useDirectory = useContext(RecipientDirectoryContext);
  const directory = useDirectory(userIndex, query);
  const parties = useRecentParties(userIndex, query);
  return useMemo(() => {
    if (!isSearchableQuery(text.trim())) return [];
    const used = new Set(taken.map((chip) => chip.address.toLowerCase()));
    const options: RecipientOption[] = [];
    for (const entry of directory) {
      if (entry.kind === 'group') {
        const members = entry.members
          .map((m) => toChip(m.name, m.address))
          .filter((m) => !used.has(m.address.toLowerCase()));
        if (members.length === 0) continue;
        options.push({
          ...toChip(entry.name, ''),
          key: entry.key,
          kind: 'group',
          members,
          avatarUrl: entry.avatarUrl,
        });
      } else if (!used.has(entry.address.toLowerCase())) {
        used.add(entry.address.toLowerCase());
        options.push({
          ...toChip(entry.name, entry.address),
          key: entry.key,
          kind: 'contact',
          avatarUrl: entry.avatarUrl,
        });
      }
    }
    for (const party of parties.data ?? []) {
      if (used.has(party.address.toLowerCase())) continue;
      used.add(party.address.toLowerCase());
      options.push({ ...toChip(party.name, party.address), key: `recent:${party.address}`, kind: 'recent' });
    }
    return options;
  }, [directory, parties.data, taken, text]);
}
