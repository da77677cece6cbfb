import type { TFunction } from 'i18next';
import { isApiRequestError } from './api-request-error';
import { reasonText } from './error-text';

/**
 * A user-facing text for a failed request, in the interface language, chosen by the error code (conventions
 * §5: the client switches on `code`). The server's `message` is English-only developer text, so it is not
 * shown; 422 field messages are the exception and are shown by the forms (spec §5).
 */
export function errorMessage(error: unknown, t: TFunction<'errors'>): string {
  return reasonText(error, t) ?? t(`codes.${isApiRequestError(error) ? error.code : 'Internal'}`);
}
