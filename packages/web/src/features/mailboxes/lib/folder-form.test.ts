import { dayMs, FolderCreateBody, FolderPatchBody } from '@webmail/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../shared/api/api-request-error';
import { buildFolder, buildSystemFolder } from '../../../test/folder.testing';
import {
  createBodyOf,
  folderFormErrorsFrom,
  initialFolderFormValues,
  isFormDirty,
  patchBodyOf,
  retentionChoices,
  validateFolderBody,
} from './folder-form';

// The key (and its values) stands in for the translated text.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction<'mailboxes'> &
  TFunction<'errors'>;

describe('folder form values', () => {
  it('starts from the folder: retention in days, automatic deletion on when it has one', () => {
    const folder = buildFolder({ id: 'f', name: 'Bills', retention: 60 * dayMs, hidden: true });
    expect(initialFolderFormValues(folder, 'p')).toEqual({
      name: 'Bills',
      parent: 'p',
      autoDelete: true,
      retentionDays: 60,
      hidden: true,
    });
    expect(initialFolderFormValues(null, null)).toMatchObject({ name: '', parent: '', autoDelete: false });
  });

  it('offers 30, 60, 90 and 180 days, keeping another stored value as a choice', () => {
    expect(retentionChoices(30)).toEqual([30, 60, 90, 180]);
    expect(retentionChoices(45)).toEqual([30, 45, 60, 90, 180]);
  });

  it('sends retention as milliseconds, or null with automatic deletion off', () => {
    const values = { name: 'X', parent: '', autoDelete: true, retentionDays: 180, hidden: false };
    expect(createBodyOf(values)).toEqual({ name: 'X', parent: null, retention: 180 * dayMs, hidden: false });
    expect(createBodyOf({ ...values, autoDelete: false }).retention).toBeNull();
  });

  it('patches only what changed; a system folder only its retention', () => {
    const folder = buildFolder({ id: 'f', name: 'Bills' });
    const initial = initialFolderFormValues(folder, null);
    expect(patchBodyOf(folder, initial, { ...initial, hidden: true })).toEqual({ hidden: true });
    expect(isFormDirty(initial, { ...initial, retentionDays: 90 })).toBe(false); // the switch is still off

    const inbox = buildSystemFolder('inbox');
    const start = initialFolderFormValues(inbox, null);
    expect(patchBodyOf(inbox, start, { ...start, name: 'Other', hidden: true, autoDelete: true })).toEqual({
      retention: 30 * dayMs,
    });
  });
});

describe('folder form errors', () => {
  it('checks with the contract and words the name rule that failed', () => {
    expect(
      validateFolderBody(FolderCreateBody, createBodyOf({ ...initialFolderFormValues(null, null) }), t),
    ).toEqual({
      name: 'form.errors.nameRequired',
    });
    expect(validateFolderBody(FolderPatchBody, { name: 'a/b' }, t)).toEqual({
      name: 'form.errors.nameSlash',
    });
    expect(validateFolderBody(FolderPatchBody, { name: 'ok', retention: -1 }, t)).toEqual({
      retention: 'form.errors.invalid',
    });
  });

  it('takes the first server message per field from a 422, and other fields’ messages above the form', () => {
    const error = new ApiRequestError(422, 'ValidationError', 'x', {
      code: 'ValidationError',
      message: 'x',
      errors: { name: ['first', 'second'], order: ['elsewhere'] },
    });
    expect(folderFormErrorsFrom(error, t)).toEqual({ fields: { name: 'first' }, form: 'elsewhere' });
  });

  it('shows the server’s message for other failures, else the error’s own text', () => {
    const refused = new ApiRequestError(502, 'MailServerError', 'x', {
      code: 'MailServerError',
      message: 'NO [CANNOT] Permission denied',
    });
    expect(folderFormErrorsFrom(refused, t).form).toBe('NO [CANNOT] Permission denied');
    const offline = new ApiRequestError(0, 'NetworkError', 'Failed to fetch');
    expect(folderFormErrorsFrom(offline, t).form).toBe('requestFailed {"message":"codes.NetworkError"}');
  });
});
