import { allErrorReasons, fieldErrorCodes, languages } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/errors.json';
import { createTestI18n } from '../../test/test-i18n';
import { ApiRequestError } from './api-request-error';
import { errorMessage } from './error-message';
import { fieldErrorTexts, joinedFieldErrors } from './error-text';

const catalogues = import.meta.glob<Record<string, Record<string, string>>>('../../locales/*/errors.json', {
  eager: true,
  import: 'default',
});
const errorsT = async (language: 'en' | 'fi') =>
  (await createTestI18n(language)).getFixedT(language, 'errors');
const variables = (text: string | undefined) =>
  [...(text ?? '').matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

const invalid = new ApiRequestError(422, 'ValidationError', 'Some fields are invalid', {
  code: 'ValidationError',
  message: 'Some fields are invalid',
  errors: { name: ['Too long (255 at most)'], subject: ['Subject over 998 characters'] },
  fieldErrors: { name: [{ code: 'tooLong', params: { max: 1000 } }], subject: [{ code: 'subjectTooLong' }] },
});

describe('error texts in the interface language', () => {
  it('has a text for every field error code and every reason, with the same parameters in every language', () => {
    expect(fieldErrorCodes.filter((code) => !en.fields[code])).toEqual([]);
    expect(allErrorReasons.filter((reason) => !en.reasons[reason])).toEqual([]);
    for (const language of languages) {
      const own = catalogues[`../../locales/${language}/errors.json`]!;
      for (const group of ['fields', 'reasons'] as const) {
        for (const [key, text] of Object.entries(en[group])) {
          expect({ key, vars: variables(own[group]?.[key]) }).toEqual({ key, vars: variables(text) });
        }
      }
    }
  });

  it('says a field error in the user’s language, numbers in its format', async () => {
    const fi = await errorsT('fi');
    const texts = fieldErrorTexts(invalid, fi);
    expect(texts.name).toEqual([
      `Liian pitkä: enimmäispituus on ${new Intl.NumberFormat('fi').format(1000)}`,
    ]);
  });

  it('keeps the server’s English text where the catalogue cannot say it (a parameter did not come)', async () => {
    const fi = await errorsT('fi');
    expect(fieldErrorTexts(invalid, fi).subject).toEqual(['Subject over 998 characters']);
    expect(joinedFieldErrors(invalid, await errorsT('en'))).toBe(
      'Too long: the maximum length is 1,000, Subject over 998 characters',
    );
  });

  it('names the reason of an error where there is one, else its code', async () => {
    const en = await errorsT('en');
    const archive = new ApiRequestError(403, 'Forbidden', 'No archive', {
      code: 'Forbidden',
      reason: 'archiveFolderNotSet',
      message: 'No archive',
    });
    expect(errorMessage(archive, en)).toBe('There is no Archive folder. Set one in the folder settings.');
    expect(errorMessage(new ApiRequestError(403, 'Forbidden', 'No'), en)).toBe(
      'You do not have permission to do that',
    );
  });
});
