import {
  formatSearch,
  parseSearch,
  sizeSteps,
  type SearchNode,
  type SearchTerm,
  type SizeDirection,
  type SizeStep,
} from '@webmail/contracts';

/**
 * The advanced view's fields. They and the bar's text are two views of one query: the form is read from the
 * text (`formFromQuery`) and written back to it (`queryFromForm`), so either can be edited. What the form has no
 * field for (OR, negations, more than one sender, …) stays in `words` as text.
 */
export interface AdvancedSearchForm {
  from: string;
  to: string;
  subject: string;
  /** Everything else, as query text. */
  words: string;
  hasAttachment: boolean;
  sizeDirection: SizeDirection;
  /** Digits only ('only numbers'); ignored while the direction is off. */
  sizeValue: string;
  sizeStep: SizeStep;
  /** `YYYY-MM-DD` or empty. */
  after: string;
  before: string;
  /** The `in:` value: empty for the default folders, `anywhere`, or a folder path. */
  scope: string;
}

export const emptyForm: AdvancedSearchForm = {
  from: '',
  to: '',
  subject: '',
  words: '',
  hasAttachment: false,
  sizeDirection: 'off',
  sizeValue: '',
  sizeStep: 'KB',
  after: '',
  before: '',
  scope: '',
};

export type FormErrors = Partial<Record<keyof AdvancedSearchForm, 'onlyNumbers'>>;

/** The form's own rule (the query's are the parser's): a size is whole digits. */
export function formErrors(form: AdvancedSearchForm): FormErrors {
  if (form.sizeDirection !== 'off' && form.sizeValue !== '' && !/^\d{1,9}$/.test(form.sizeValue)) {
    return { sizeValue: 'onlyNumbers' };
  }
  return {};
}

/** The biggest of B, KB, MB that divides the size, for a form that shows what was typed (`10M` → 10 MB). */
function sizeInSteps(bytes: number): { value: string; step: SizeStep } {
  if (bytes > 0 && bytes % sizeSteps.MB === 0) return { value: String(bytes / sizeSteps.MB), step: 'MB' };
  if (bytes > 0 && bytes % sizeSteps.KB === 0) return { value: String(bytes / sizeSteps.KB), step: 'KB' };
  return { value: String(bytes), step: 'B' };
}

/** The form of a query; a query that does not parse goes to `words` whole. */
export function formFromQuery(text: string): AdvancedSearchForm {
  const parsed = parseSearch(text);
  if (!parsed.ok) return { ...emptyForm, words: text.trim() };
  const form: AdvancedSearchForm = { ...emptyForm, scope: parsed.search.scope ?? '' };
  const rest: SearchNode[] = [];
  for (const item of parsed.search.root.items) {
    if ((item.kind === 'from' || item.kind === 'to' || item.kind === 'subject') && form[item.kind] === '') {
      form[item.kind] = item.value;
    } else if (item.kind === 'has' && !form.hasAttachment) {
      form.hasAttachment = true;
    } else if ((item.kind === 'larger' || item.kind === 'smaller') && form.sizeDirection === 'off') {
      const { value, step } = sizeInSteps(item.bytes);
      Object.assign(form, { sizeDirection: item.kind, sizeValue: value, sizeStep: step });
    } else if ((item.kind === 'after' || item.kind === 'before') && form[item.kind] === '') {
      form[item.kind] = item.date;
    } else {
      rest.push(item);
    }
  }
  form.words = formatSearch({ root: { kind: 'and', items: rest }, scope: null });
  return form;
}

/** The query text of a form: scope, the words as typed, then each field. */
export function queryFromForm(form: AdvancedSearchForm): string {
  const terms: SearchTerm[] = [];
  const field = (kind: 'from' | 'to' | 'subject', value: string) => {
    const v = value.trim();
    if (v) terms.push({ kind, value: v, phrase: /\s/.test(v) });
  };
  field('from', form.from);
  field('to', form.to);
  field('subject', form.subject);
  if (form.hasAttachment) terms.push({ kind: 'has', value: 'attachment' });
  if (form.sizeDirection !== 'off' && /^\d{1,9}$/.test(form.sizeValue)) {
    terms.push({ kind: form.sizeDirection, bytes: Number(form.sizeValue) * sizeSteps[form.sizeStep] });
  }
  if (form.after) terms.push({ kind: 'after', date: form.after });
  if (form.before) terms.push({ kind: 'before', date: form.before });
  const scope = form.scope.trim();
  const head = formatSearch({ root: { kind: 'and', items: [] }, scope: scope || null });
  const tail = formatSearch({ root: { kind: 'and', items: terms }, scope: null });
  return [head, form.words.trim(), tail].filter(Boolean).join(' ');
}

/** Whether any criterion is filled in (the create-filter step needs one). */
export function hasCriteria(form: AdvancedSearchForm): boolean {
  return queryFromForm({ ...form, scope: '' }) !== '';
}
