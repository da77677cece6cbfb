import type { SearchError } from '@webmail/contracts';
import { fieldErrorText } from '../../../shared/api/error-text';
import type { TFunction } from '../../../shared/i18n/translation';

/** What is wrong with a query, in the interface language (the field texts of the search's error codes). */
export function queryErrorText(errors: readonly SearchError[], t: TFunction<'errors'>): string {
  const texts = errors.map((e) => fieldErrorText({ code: e.code, params: e.params }, t) ?? e.code);
  return [...new Set(texts)].join(', ');
}
