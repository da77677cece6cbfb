import type { FieldError } from '@webmail/contracts';
import type { TFunction } from 'i18next';
import { isApiRequestError, type ApiRequestError } from './api-request-error';

/*
 * An API error in the interface language. The server's `message` and `errors` are English; the web shows its own
 * texts: a `reason` from `errors:reasons.<reason>`, each field error `{code, params}` from
 * `errors:fields.<code>`. Where the catalogue has no text for a code (a newer server), or the text needs a
 * parameter that did not come, the server's English text for that field stands in.
 */

/**
 * The text of one field error, or null when the catalogue cannot say it (no text for the code, or a parameter
 * its text needs did not come). Numbers are formatted in the interface language by the catalogue
 * (`{{max, number}}`).
 */
export function fieldErrorText(
  error: { code: string; params?: FieldError['params'] },
  t: TFunction<'errors'>,
): string | null {
  const key = `fields.${error.code as FieldError['code']}` as const;
  const raw = t(key, { skipInterpolation: true, defaultValue: '' });
  if (!raw) return null;
  const needed = [...raw.matchAll(/{{\s*(\w+)/g)].map((match) => match[1] ?? '');
  if (needed.some((name) => error.params?.[name] === undefined)) return null;
  return t(key, error.params ?? {});
}

/** A 422's field errors by field, each in the interface language (the English text where it cannot be). */
export function fieldErrorTexts(error: unknown, t: TFunction<'errors'>): Record<string, string[]> {
  if (!isApiRequestError(error) || !error.body) return {};
  const english = error.body.errors ?? {};
  const coded = error.body.fieldErrors ?? {};
  const result: Record<string, string[]> = {};
  for (const field of new Set([...Object.keys(english), ...Object.keys(coded)])) {
    const codes = coded[field] ?? [];
    const texts = english[field] ?? [];
    result[field] =
      codes.length === 0
        ? texts
        : codes.map((entry, index) => fieldErrorText(entry, t) ?? texts[index] ?? entry.code);
  }
  return result;
}

/** Every field error of a 422 in one line, joined by commas (the snackbar's way); '' when there are none. */
export function joinedFieldErrors(error: unknown, t: TFunction<'errors'>): string {
  return Object.values(fieldErrorTexts(error, t)).flat().join(', ');
}

/** The text of the error's `reason`, when it has one. */
export function reasonText(error: unknown, t: TFunction<'errors'>): string | null {
  const reason = isApiRequestError(error) ? error.reason : undefined;
  return reason ? t(`reasons.${reason}`) : null;
}

export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  /** What belongs to no field of the form. */
  form: string | null;
}

/**
 * A 422 as a form shows it: each of the form's fields gets its texts (`pick` says how: all joined, or the first),
 * the texts of other fields go above the form; with no field texts at all, the reason or the server's message.
 */
export function formErrorsOf<F extends string>(
  error: ApiRequestError,
  t: TFunction<'errors'>,
  formFields: readonly F[],
  pick: (texts: string[]) => string | undefined,
): FormErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [field, texts] of Object.entries(fieldErrorTexts(error, t))) {
    const text = pick(texts);
    if (text === undefined) continue;
    if ((formFields as readonly string[]).includes(field)) fields[field as F] = text;
    else other.push(text);
  }
  if (other.length > 0) return { fields, form: other.join(', ') };
  const none = Object.keys(fields).length === 0;
  return { fields, form: none ? (reasonText(error, t) ?? error.message) : null };
}
