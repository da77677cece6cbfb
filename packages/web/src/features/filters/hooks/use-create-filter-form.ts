import { useState } from 'react';
import {
  criteriaErrors,
  formFromSeed,
  hasAction,
  hasCriteria,
  hasErrors,
  inboxActionsOfForm,
  newFilterCan,
  validateFilterForm,
  type FilterForm,
  type FilterSeed,
} from '../lib/filter-form';

/** The create-filter dialog's form as `useCreateFilterForm` gives it (what its steps' parts read). */
export type CreateFilterForm = ReturnType<typeof useCreateFilterForm>;

/**
 * The create-filter dialog's form: the fields, started from the seed, and whether they differ from it (the leave
 * guard); their problems as shown — the criteria's alone for the first step, and "Name must not be empty" only once
 * the user has been in the field, every other problem at once; whether each step can go on (Next needs a criterion
 * and no problem in the criteria, Save no problem and an action); and the "also apply to Inbox" choice with the
 * Inbox actions the filter's actions stand for.
 */
export function useCreateFilterForm(seed: FilterSeed) {
  const [initial] = useState<FilterForm>(() => formFromSeed(seed));
  const [form, setForm] = useState<FilterForm>(initial);
  const [nameTouched, setNameTouched] = useState(false);
  const [alsoInbox, setAlsoInbox] = useState(false);
  const errors = validateFilterForm(form);
  return {
    form,
    set: (patch: Partial<FilterForm>) => setForm((f) => ({ ...f, ...patch })),
    changed: JSON.stringify(form) !== JSON.stringify(initial),
    criteriaShown: criteriaErrors(errors),
    shown: nameTouched || errors.name !== 'nameRequired' ? errors : { ...errors, name: undefined },
    touchName: () => setNameTouched(true),
    criteriaReady: hasCriteria(form) && !hasErrors(criteriaErrors(errors)),
    hasAction: hasAction(form, newFilterCan),
    canSave: !hasErrors(errors) && hasAction(form, newFilterCan),
    inboxActions: inboxActionsOfForm(form),
    alsoInbox,
    setAlsoInbox,
  };
}
