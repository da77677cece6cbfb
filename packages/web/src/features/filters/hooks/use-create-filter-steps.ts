import type { Filter } from '@webmail/contracts';
import { useState } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { fetchInboxMatches, useApplyToInbox, useSaveFilter } from '../api/filters';
import { formToInput, newFilterCan, type FilterForm } from '../lib/filter-form';

/**
 * Where the create-filter dialog is: the criteria, the name and actions, or — the filter saved — the question
 * whether to apply it to the `count` messages in Inbox it matches.
 */
export type CreateFilterStep = 'criteria' | 'actions' | { filter: Filter; count: number };

/**
 * The create-filter dialog's steps and the requests that move it on: saving the new filter (with its notice; that
 * closes the dialog unless the filter is also to be applied to Inbox), counting the Inbox messages it matches (none:
 * a notice and the dialog closes; some: the question step; the count failing: the question step without a count,
 * and why) and applying it to them. `failure` is the last refusal's text (the server's reason, else what failed);
 * `busy` while saving, counting or applying.
 */
export function useCreateFilterSteps(userIndex: number, onClose: () => void) {
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const save = useSaveFilter(userIndex);
  const apply = useApplyToInbox(userIndex);
  const [step, setStep] = useState<CreateFilterStep>('criteria');
  const [counting, setCounting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** Saves the form as a new filter; `thenInbox`: count its Inbox matches and ask before applying it there. */
  const saveNew = (form: FilterForm, thenInbox: boolean) => {
    setFailure(null);
    save.mutate(
      { id: null, body: formToInput(form, false, newFilterCan) },
      {
        onSuccess: async (filter) => {
          snackbar.show({ type: 'success', message: t('saved') });
          if (!thenInbox) return onClose();
          setCounting(true);
          try {
            const { count } = await fetchInboxMatches(userIndex, filter.id);
            if (count === 0) {
              snackbar.show({ type: 'info', message: t('fromSearch.noneInInbox') });
              return onClose();
            }
            setStep({ filter, count });
          } catch (e) {
            setFailure(reasonText(e, tErrors) ?? t('fromSearch.applyFailed'));
            setStep({ filter, count: 0 });
          } finally {
            setCounting(false);
          }
        },
        onError: (e) => setFailure(reasonText(e, tErrors) ?? t('saveFailed')),
      },
    );
  };

  const applyToInbox = (filter: Filter) => {
    setFailure(null);
    apply.mutate(filter.id, {
      onSuccess: ({ handled }) => {
        snackbar.show({ type: 'success', message: t('fromSearch.applied', { count: handled }) });
        onClose();
      },
      onError: (e) => setFailure(reasonText(e, tErrors) ?? t('fromSearch.applyFailed')),
    });
  };

  return {
    step,
    setStep,
    failure,
    busy: save.isPending || apply.isPending || counting,
    applying: apply.isPending,
    saveNew,
    applyToInbox,
  };
}
