import { EmailAddress, type LoginRequest } from '@webmail/contracts';
import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { errorMessage } from '../../../shared/api/error-message';
import { formErrorsOf } from '../../../shared/api/error-text';

export type LoginField = keyof LoginRequest;
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

export interface LoginFormErrors {
  fields: LoginFieldErrors;
  form: string | null;
}

export const noLoginErrors: LoginFormErrors = { fields: {}, form: null };

/** Client-side check before sending (the contract's e-mail check); the server validates again. */
/** Sign-in texts come from auth; shared validation and failure texts from errors. */
export type LoginT = TFunction<['errors', 'auth']>;

export function validateLogin(values: LoginRequest, t: LoginT): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!values.email.trim()) errors.email = t('auth:password.errors.emailRequired');
  else if (!EmailAddress.safeParse(values.email).success) errors.email = t('validation.invalidEmail');
  if (!values.password) errors.password = t('auth:password.errors.passwordRequired');
  return errors;
}

const loginFields: readonly LoginField[] = ['email', 'password'];

/**
 * Turns a failed sign-in into what the form shows (the form handles 401 itself): 401 "wrong e-mail or
 * password" (translated by the client, as the server's message is English-only), 422 the server's messages under
 * their fields (joined by commas), 429 the too-many-attempts text, anything else a general failure.
 */
export function loginErrorsFrom(error: unknown, t: LoginT): LoginFormErrors {
  if (!isApiRequestError(error)) return { fields: {}, form: errorMessage(error, t) };
  switch (error.status) {
    case 401:
      return { fields: {}, form: t('auth:password.errors.authFailed') };
    case 429:
      return { fields: {}, form: t('auth:password.errors.rateLimited') };
    case 422:
      return formErrorsOf(error, t, loginFields, (texts) => texts.join(', '));
    default:
      return { fields: {}, form: t('requestFailed', { message: errorMessage(error, t) }) };
  }
}
