import { composeLimits } from '@webmail/contracts';
import { useMemo } from 'react';
import { isSearchableQuery, useRecentParties } from '../api/get-recent-parties';
import { toChip, type AddressChip } from '../lib/address-chips';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Autocomplete suggestions for an address field from the recent parties: searched 250 ms
 * after typing stops (at the latest every 1000 ms while it goes on), skipped for an empty query or one over
 * 255 characters, without the addresses already in the field.
 */
export function useRecipientSuggestions(
  userIndex: number,
  text: string,
  taken: AddressChip[],
): AddressChip[] {
  const query = useDebouncedValue(
    text.trim(),
    composeLimits.recipientSearchDebounceMs,
    composeLimits.recipientSearchMaxWaitMs,
  );
  const parties = useRecentParties(userIndex, query);
  return useMemo(() => {
    if (!isSearchableQuery(text.trim())) return [];
    const used = new Set(taken.map((chip) => chip.address.toLowerCase()));
    return (parties.data ?? [])
      .filter((party) => !used.has(party.address.toLowerCase()))
      .map((party) => toChip(party.name, party.address));
  }, [parties.data, taken, text]);
}
