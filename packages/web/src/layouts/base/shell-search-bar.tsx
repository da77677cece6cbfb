import type { Folder, UserDetails } from '@webmail/contracts';
import { useMemo } from 'react';
import { CreateFilterFromSearchButton } from '../../features/filters/components/filter-creation';
import { SearchBar } from '../../features/search/components/search-bar';
import { useTranslation } from '../../shared/i18n/translation';
import { searchScopesOf } from './search-scopes';

/**
 * The search bar of the app bar: the folders as the advanced search's scopes, the user's time zone and address,
 * and "create a filter from this search" where the plan has filters.
 */
export function ShellSearchBar({
  userIndex,
  details,
  email,
  tree,
}: {
  userIndex: number;
  details: UserDetails | undefined;
  email: string | undefined;
  tree: readonly Folder[] | undefined;
}) {
  const { t } = useTranslation('mailboxes');
  const scopes = useMemo(() => searchScopesOf(tree ?? [], t), [tree, t]);
  return (
    <SearchBar
      userIndex={userIndex}
      timeZone={details?.timezone ?? null}
      address={email ?? details?.address ?? null}
      scopes={scopes}
      filterCreation={
        details && !details.disabledFeatures.includes('filters')
          ? (form, close) => <CreateFilterFromSearchButton search={form} onOpen={close} />
          : undefined
      }
    />
  );
}
