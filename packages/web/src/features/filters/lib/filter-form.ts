import {
  FilterInput,
  filterLimits,
  inboxActionsOf,
  sizeSteps,
  type Filter,
  type FilterInput as FilterInputBody,
  type SizeDirection,
  type SizeStep,
  type SpamAction,
} from '@webmail/contracts';
import { isValidAddress } from './address-input';

export const textCriteria = ['from', 'to', 'subject', 'listId', 'text'] as const;
export type TextCriterion = (typeof textCriteria)[number];

/** The filter dialog's fields as the user edits them (size direction off/larger/smaller, step B/KB/MB). */
export interface FilterForm {
  name: string;
  criteria: Record<TextCriterion, string>;
  ha: boolean;
  sizeDirection: SizeDirection;
  sizeValue: string;
  sizeStep: SizeStep;
  seen: boolean;
  flag: boolean;
  delete: boolean;
  spam: SpamAction;
  /** Target folder id; '' stays in Inbox. */
  mailbox: string;
  targets: string[];
}

export const emptyFilterForm = (): FilterForm => ({
  name: '',
  criteria: { from: '', to: '', subject: '', listId: '', text: '' },
  ha: false,
  sizeDirection: 'off',
  sizeValue: '',
  sizeStep: 'KB',
  seen: false,
  flag: false,
  delete: false,
  spam: 'nothing',
  mailbox: '',
  targets: [],
});

/** A saved size in the largest unit that divides it (2097152 → 2 MB). */
function sizeFields(
  size: number | null | undefined,
): Pick<FilterForm, 'sizeDirection' | 'sizeValue' | 'sizeStep'> {
  if (!size) return { sizeDirection: 'off', sizeValue: '', sizeStep: 'KB' };
  const bytes = Math.abs(size);
  const step: SizeStep = bytes % sizeSteps.MB === 0 ? 'MB' : bytes % sizeSteps.KB === 0 ? 'KB' : 'B';
  return {
    sizeDirection: size > 0 ? 'larger' : 'smaller',
    sizeValue: String(bytes / sizeSteps[step]),
    sizeStep: step,
  };
}

export function filterToForm(filter: Filter): FilterForm {
  const { query, action } = filter;
  return {
    name: filter.name,
    criteria: {
      from: query.from ?? '',
      to: query.to ?? '',
      subject: query.subject ?? '',
      listId: query.listId ?? '',
      text: query.text ?? '',
    },
    ha: query.ha ?? false,
    ...sizeFields(query.size),
    seen: action.seen ?? false,
    flag: action.flag ?? false,
    delete: action.delete ?? false,
    spam: action.spam ?? 'nothing',
    mailbox: action.mailbox ?? '',
    targets: action.targets ?? [],
  };
}

/** Which field is wrong, as a key of the filters namespace's `errors`. */
export interface FilterFormErrors {
  name?: 'nameRequired' | 'nameTooLong' | 'noControl';
  size?: 'onlyNumbers' | 'sizeTooLarge';
  targets?: 'invalidTargets' | 'tooManyTargets';
  criteria?: Partial<Record<TextCriterion, 'criterionTooLong' | 'noControl'>>;
}

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** The size as signed bytes: a whole number only (“12a” is refused), negative for “smaller than”. */
export function sizeBytes(
  form: Pick<FilterForm, 'sizeDirection' | 'sizeValue' | 'sizeStep'>,
): number | null | 'invalid' {
  if (form.sizeDirection === 'off') return null;
  const value = form.sizeValue.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return 'invalid';
  const bytes = Number(value) * sizeSteps[form.sizeStep];
  return form.sizeDirection === 'smaller' ? -bytes : bytes;
}

export function validateFilterForm(form: FilterForm): FilterFormErrors {
  const errors: FilterFormErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'nameRequired';
  else if (name.length > filterLimits.nameMaxLength) errors.name = 'nameTooLong';
  else if (controlCharacters.test(name)) errors.name = 'noControl';
  const size = sizeBytes(form);
  if (size === 'invalid') errors.size = 'onlyNumbers';
  else if (size !== null && Math.abs(size) > filterLimits.sizeMaxBytes) errors.size = 'sizeTooLarge';
  if (form.targets.some((t) => !isValidAddress(t))) errors.targets = 'invalidTargets';
  else if (form.targets.length > filterLimits.targetsPerFilter) errors.targets = 'tooManyTargets';
  for (const key of textCriteria) {
    const value = form.criteria[key];
    const problem =
      value.length > filterLimits.queryMaxLength
        ? 'criterionTooLong'
        : controlCharacters.test(value)
          ? 'noControl'
          : undefined;
    if (problem) errors.criteria = { ...errors.criteria, [key]: problem };
  }
  return errors;
}

export const hasErrors = (errors: FilterFormErrors): boolean => Object.keys(errors).length > 0;

/**
 * The request body. Empty criteria are null; the forward action and the folder are left out when the filter
 * cannot have them (`canTargets` / `canMoveTo` false).
 */
export function formToInput(
  form: FilterForm,
  disabled: boolean,
  can: { targets: boolean; moveTo: boolean },
): FilterInputBody {
  const size = sizeBytes(form);
  const criterion = (key: TextCriterion) => form.criteria[key].trim() || null;
  const body: FilterInputBody = {
    name: form.name.trim(),
    disabled,
    query: {
      from: criterion('from'),
      to: criterion('to'),
      subject: criterion('subject'),
      listId: criterion('listId'),
      text: criterion('text'),
      ha: form.ha,
      size: typeof size === 'number' ? size : null,
    },
    action: {
      seen: form.seen,
      flag: form.flag,
      delete: form.delete,
      spam: form.spam,
      ...(can.moveTo ? { mailbox: form.mailbox || null } : {}),
      ...(can.targets ? { targets: form.targets } : {}),
    },
  };
  // The contract's own check: the form never sends what the server would refuse.
  FilterInput.parse(body);
  return body;
}

/**
 * What a filter made from a search or a message may do: every action, forwarding and moving to a folder alike
 * (an existing filter reads this from its `metaData`).
 */
export const newFilterCan = { targets: true, moveTo: true };

/** What a new filter can start from: an advanced search's fields, or a message (its sender or List-Id). */
export interface FilterSeed {
  from?: string;
  to?: string;
  subject?: string;
  listId?: string;
  text?: string;
  ha?: boolean;
  sizeDirection?: SizeDirection;
  sizeValue?: string;
  sizeStep?: SizeStep;
}

/** A new filter's form with the seed's criteria filled in (no name, no actions yet). */
export function formFromSeed(seed: FilterSeed): FilterForm {
  const empty = emptyFilterForm();
  const direction = seed.sizeDirection ?? 'off';
  return {
    ...empty,
    criteria: {
      from: seed.from?.trim() ?? '',
      to: seed.to?.trim() ?? '',
      subject: seed.subject?.trim() ?? '',
      listId: seed.listId?.trim() ?? '',
      text: seed.text?.trim() ?? '',
    },
    ha: seed.ha ?? false,
    sizeDirection: direction,
    sizeValue: direction === 'off' ? '' : (seed.sizeValue ?? ''),
    sizeStep: seed.sizeStep ?? empty.sizeStep,
  };
}

/** Whether at least one criterion is filled in (creating a filter from a search needs one). */
export function hasCriteria(form: FilterForm): boolean {
  const size = sizeBytes(form);
  return (
    textCriteria.some((key) => form.criteria[key].trim() !== '') ||
    form.ha ||
    (typeof size === 'number' && size !== 0)
  );
}

/**
 * What applying the form's actions to the messages already in Inbox would do (the contract's `inboxActionsOf`:
 * flags, then Trash / Junk / the folder; never forwarding), read from the actions as they stand without
 * validating anything else. Empty: the "also apply to Inbox" choice has nothing to do.
 */
export function inboxActionsOfForm(form: FilterForm): ReturnType<typeof inboxActionsOf> {
  return inboxActionsOf({
    seen: form.seen,
    flag: form.flag,
    delete: form.delete,
    spam: form.spam,
    mailbox: form.mailbox || null,
  });
}

/** Whether the filter does anything (the server refuses one without an action). */
export function hasAction(form: FilterForm, can: { targets: boolean; moveTo: boolean }): boolean {
  return (
    form.seen ||
    form.flag ||
    form.delete ||
    form.spam !== 'nothing' ||
    (can.moveTo && form.mailbox !== '') ||
    (can.targets && form.targets.length > 0)
  );
}

/** The criteria's own errors (the first step of creating a filter from a search shows only these). */
export function criteriaErrors(errors: FilterFormErrors): FilterFormErrors {
  return {
    ...(errors.size ? { size: errors.size } : {}),
    ...(errors.criteria ? { criteria: errors.criteria } : {}),
  };
}

/** The advanced search's fields a filter can hold (dates and the folder scope have no filter counterpart). */
export interface SearchFieldsSeed {
  from: string;
  to: string;
  subject: string;
  /** The search's other words: the filter's "has the words". */
  words: string;
  hasAttachment: boolean;
  sizeDirection: SizeDirection;
  sizeValue: string;
  sizeStep: SizeStep;
}

export const seedFromSearch = (search: SearchFieldsSeed): FilterSeed => ({
  from: search.from,
  to: search.to,
  subject: search.subject,
  text: search.words,
  ha: search.hasAttachment,
  sizeDirection: search.sizeDirection,
  sizeValue: search.sizeValue,
  sizeStep: search.sizeStep,
});

/** "Filter messages like this": a mailing list's message by its List-Id, any other by its sender's address. */
export function seedFromMessage(message: {
  from: { address: string } | null;
  listId?: string | null;
}): FilterSeed {
  if (message.listId) return { listId: message.listId };
  return { from: message.from?.address ?? '' };
}
