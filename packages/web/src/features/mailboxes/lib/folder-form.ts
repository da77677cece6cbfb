import {
  dayMs,
  folderNameMaxLength,
  folderRetentionDays,
  type Folder,
  type FolderCreateBody,
  type FolderPatchBody,
} from '@webmail/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { errorMessage } from '../../../shared/api/error-message';
import { formErrorsOf, reasonText } from '../../../shared/api/error-text';

/** What the folder form edits. `parent` is a folder id, '' for the top level. */
export interface FolderFormValues {
  name: string;
  parent: string;
  /** The automatic-deletion switch; off sends retention null. */
  autoDelete: boolean;
  retentionDays: number;
  hidden: boolean;
}

export type FolderFormField = 'name' | 'parent' | 'retention' | 'hidden';
export type FolderFieldErrors = Partial<Record<FolderFormField, string>>;

export interface FolderFormErrors {
  fields: FolderFieldErrors;
  /** A failure that belongs to no field. */
  form: string | null;
}

/** The field whose error a value belongs to (the switch and the select both make up retention). */
export const fieldOfValue: Record<keyof FolderFormValues, FolderFormField> = {
  name: 'name',
  parent: 'parent',
  autoDelete: 'retention',
  retentionDays: 'retention',
  hidden: 'hidden',
};

export const noFolderFormErrors: FolderFormErrors = { fields: {}, form: null };

const formFields: readonly string[] = ['name', 'parent', 'retention', 'hidden'] satisfies FolderFormField[];
const defaultRetentionDays = folderRetentionDays[0];

export function initialFolderFormValues(folder: Folder | null, parentId: string | null): FolderFormValues {
  return {
    name: folder?.name ?? '',
    parent: parentId ?? '',
    autoDelete: folder?.retention != null,
    retentionDays: folder?.retention != null ? Math.round(folder.retention / dayMs) : defaultRetentionDays,
    hidden: folder?.hidden ?? false,
  };
}

/**
 * The retention choices (30, 60, 90, 180 days). A folder whose stored retention is another number of
 * days (set through the API) keeps it as an extra choice, so opening and saving the form does not change it.
 */
export function retentionChoices(current: number): number[] {
  const choices: number[] = [...folderRetentionDays];
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/** Retention is milliseconds (days × 86,400,000), or null when automatic deletion is off. */
export function retentionOf(values: FolderFormValues): number | null {
  return values.autoDelete ? values.retentionDays * dayMs : null;
}

export function isFormDirty(initial: FolderFormValues, values: FolderFormValues): boolean {
  return (
    initial.name !== values.name ||
    initial.parent !== values.parent ||
    initial.hidden !== values.hidden ||
    retentionOf(initial) !== retentionOf(values)
  );
}

export function createBodyOf(values: FolderFormValues) {
  return {
    name: values.name,
    parent: values.parent || null,
    retention: retentionOf(values),
    hidden: values.hidden,
  };
}

/**
 * PATCH sends only what changed. A system folder sends retention alone (it cannot be renamed,
 * moved or hidden).
 */
export function patchBodyOf(folder: Folder, initial: FolderFormValues, values: FolderFormValues) {
  const body: { name?: string; parent?: string | null; retention?: number | null; hidden?: boolean } = {};
  if (retentionOf(initial) !== retentionOf(values)) body.retention = retentionOf(values);
  if (folder.systemFolder || folder.specialUse) return body;
  if (initial.name !== values.name) body.name = values.name;
  if (initial.parent !== values.parent) body.parent = values.parent || null;
  if (initial.hidden !== values.hidden) body.hidden = values.hidden;
  return body;
}

/**
 * Checks a body with the contract's schema (FolderCreateBody or FolderPatchBody, the ones the server uses) and
 * words each failing field in the interface language. The schema decides what is valid; the wording looks at
 * the name only to say which of its rules it broke.
 */
export function validateFolderBody(
  schema: typeof FolderCreateBody | typeof FolderPatchBody,
  body: Record<string, unknown>,
  t: TFunction<'mailboxes'>,
): FolderFieldErrors {
  const result = (schema as z.ZodType).safeParse(body);
  if (result.success) return {};
  const fields: FolderFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!formFields.includes(field) || fields[field as FolderFormField]) continue;
    fields[field as FolderFormField] =
      field === 'name' ? nameProblem(String(body.name ?? ''), t) : t('form.errors.invalid');
  }
  return fields;
}

function nameProblem(name: string, t: TFunction<'mailboxes'>): string {
  const trimmed = name.trim();
  if (!trimmed) return t('form.errors.nameRequired');
  if (trimmed.includes('/')) return t('form.errors.nameSlash');
  if (trimmed.length > folderNameMaxLength) return t('form.errors.nameTooLong', { max: folderNameMaxLength });
  return t('form.errors.nameInvalid');
}

/**
 * A failed save as the form shows it: on a 422 the first server message of each field under that
 * field, messages for other fields above the form; otherwise the server's message, or the error's own text
 * when no answer came.
 */
export function folderFormErrorsFrom(error: unknown, t: TFunction<'errors'>): FolderFormErrors {
  if (!isApiRequestError(error)) return { fields: {}, form: errorMessage(error, t) };
  if (error.status === 422)
    return formErrorsOf(error, t, formFields as readonly FolderFormField[], (texts) => texts[0]);
  return {
    fields: {},
    form:
      reasonText(error, t) || error.body?.message || t('requestFailed', { message: errorMessage(error, t) }),
  };
}
