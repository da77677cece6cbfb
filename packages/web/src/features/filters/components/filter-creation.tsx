import Button from '@mui/material/Button';
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import {
  formFromSeed,
  hasCriteria,
  seedFromMessage,
  seedFromSearch,
  type FilterSeed,
  type SearchFieldsSeed,
} from '../lib/filter-form';

/** The dialog loads on its first open: the mailbox does not carry the filter form until asked. */
const CreateFilterDialog = lazy(async () => ({
  default: (await import('./create-filter-dialog')).CreateFilterDialog,
}));

const FilterCreationContext = createContext<((seed: FilterSeed) => void) | null>(null);

/**
 * Holds the two-step "create filter" dialog of one account, so the search bar (advanced view) and the reader
 * ("filter messages like this") can open it from wherever they are; the layouts mount it once.
 */
export function FilterCreationProvider({ userIndex, children }: { userIndex: number; children: ReactNode }) {
  const [open, setOpen] = useState<{ seed: FilterSeed; key: number } | null>(null);
  const [start] = useState(() => (seed: FilterSeed) => setOpen((o) => ({ seed, key: (o?.key ?? 0) + 1 })));
  return (
    <FilterCreationContext.Provider value={start}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <CreateFilterDialog
            key={open.key}
            userIndex={userIndex}
            seed={open.seed}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </FilterCreationContext.Provider>
  );
}

/** Opens the "create filter" dialog with these criteria; null outside a provider. */
export function useCreateFilter(): ((seed: FilterSeed) => void) | null {
  return useContext(FilterCreationContext);
}

/** "Filter messages like this" for a message: its List-Id when it has one, else its sender. */
export function useFilterLikeThis() {
  const create = useCreateFilter();
  return create
    ? (message: { from: { address: string } | null; listId?: string | null }) =>
        create(seedFromMessage(message))
    : null;
}

/**
 * The advanced search's "Create filter" button (disabled unless at least one criterion the filter can
 * hold is filled in). `onOpen` lets the search dropdown close behind the dialog.
 */
export function CreateFilterFromSearchButton({
  search,
  onOpen,
}: {
  search: SearchFieldsSeed;
  onOpen?: () => void;
}) {
  const { t } = useTranslation('filters');
  const create = useCreateFilter();
  const seed = seedFromSearch(search);
  if (!create) return null;
  return (
    <Button
      disabled={!hasCriteria(formFromSeed(seed))}
      onClick={() => {
        create(seed);
        onOpen?.();
      }}
    >
      {t('fromSearch.create')}
    </Button>
  );
}
