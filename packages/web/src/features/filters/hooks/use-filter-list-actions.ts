import type { Filter } from '@webmail/contracts';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import {
  useDeleteFilter,
  useImportFilters,
  useMassDeleteFilters,
  useMassToggleFilters,
  useMoveFilterToBottom,
  useToggleFilter,
} from '../api/filters';
import { importProblemsText } from '../lib/import-problems';

/**
 * What the filters list does, each with its notice: switch one, switch or delete the chosen ones, delete one, move
 * one to the bottom, import a Gmail XML file. A failure says why (the server's reason) or that saving failed.
 */
export function useFilterListActions(userIndex: number) {
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const toggle = useToggleFilter(userIndex);
  const remove = useDeleteFilter(userIndex);
  const moveToBottom = useMoveFilterToBottom(userIndex);
  const massDelete = useMassDeleteFilters(userIndex);
  const massToggle = useMassToggleFilters(userIndex);
  const importFilters = useImportFilters(userIndex);
  const success = (message: string) => snackbar.show({ type: 'success', message });
  const failed = (e: unknown) =>
    snackbar.show({ type: 'error', message: reasonText(e, tErrors) ?? t('saveFailed') });

  return {
    failed,
    massTogglePending: massToggle.isPending,
    importPending: importFilters.isPending,
    toggleOne: (filter: Filter) =>
      toggle.mutate(
        { id: filter.id, disabled: !filter.disabled },
        {
          onSuccess: () => success(t(filter.disabled ? 'enabledOne' : 'disabledOne', { name: filter.name })),
          onError: failed,
        },
      ),
    toggleChosen: (chosen: readonly Filter[], disabled: boolean) =>
      massToggle.mutate(
        { ids: chosen.map((f) => f.id), disabled },
        {
          onSuccess: ({ changed }) =>
            success(t(disabled ? 'massDisabled' : 'massEnabled', { count: changed })),
          onError: failed,
        },
      ),
    /** Deletes `doomed` (one or several); `done` runs after, before the notice. */
    deleteFilters: (doomed: readonly Filter[], done: () => void) => {
      const deleted = () => (done(), success(t('deleted', { count: doomed.length })));
      const options = { onSuccess: deleted, onError: failed };
      if (doomed.length === 1) remove.mutate(doomed[0]!.id, options);
      else
        massDelete.mutate(
          doomed.map((f) => f.id),
          options,
        );
    },
    moveOneToBottom: (filter: Filter) =>
      moveToBottom.mutate(filter.id, {
        onSuccess: () => success(t('movedToBottom', { name: filter.name })),
        onError: failed,
      }),
    importFile: (file: File) =>
      importFilters.mutate(file, {
        onSuccess: (result) =>
          result.problems.length === 0
            ? success(t('imported', { count: result.imported }))
            : snackbar.show({ type: 'attention', message: importProblemsText(result, t), timeout: 10_000 }),
        onError: (e) =>
          snackbar.show({ type: 'error', message: reasonText(e, tErrors) ?? t('importFailed') }),
      }),
  };
}
