import type { TFunction } from 'i18next';
import { isApiRequestError } from './api-request-error';
import { reasonText } from './error-text';

/**
 * A user-facing text for a failed request, in the interface language, chosen by the error's reason, else its
 * code (the client switches on those, never on the message text). The server's `message` is English-only
 * developer text, so it is not shown; a 422's field errors are shown by the forms (`error-text.ts`).
 */
export function errorMessage(error: unknown, t: TFunction<'errors'>): string {
  return reasonText(error, t) ?? t(`codes.${isApiRequestError(error) ? error.code : 'Internal'}`);
}
