import { useState } from 'react';
import { formFromQuery, queryFromForm, type AdvancedSearchForm } from '../lib/advanced-search-form';

/**
 * The advanced view's fields kept in step with the bar's text both ways: `update` changes fields and writes the
 * query they make back to the bar (`onTextChange`); text typed in the bar, which this form did not write, is read
 * back into the fields as the view renders. What the fields cannot show stays in "has the words"
 * (`lib/advanced-search-form.ts`).
 */
export function useAdvancedSearchForm(text: string, onTextChange: (text: string) => void) {
  const [state, setState] = useState(() => ({ text, form: formFromQuery(text) }));
  // Text typed in the bar (not written by this form): read it into the fields.
  const current = state.text === text ? state : { text, form: formFromQuery(text) };
  if (current !== state) setState(current);
  const { form } = current;

  const update = (patch: Partial<AdvancedSearchForm>) => {
    const next = { ...form, ...patch };
    const nextText = queryFromForm(next);
    setState({ text: nextText, form: next });
    onTextChange(nextText);
  };
  return { form, update };
}
