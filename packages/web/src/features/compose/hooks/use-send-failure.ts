import { useCallback, useState } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { errorMessage } from '../../../shared/api/error-message';
import { fieldErrorTexts, joinedFieldErrors } from '../../../shared/api/error-text';
import { isRetryableError } from '../../../shared/api/retry-policy';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { composerFieldErrors, type ComposerFieldErrors } from '../lib/field-errors';

/**
 * A send request that failed, told to the user. A 422 puts each of its messages at its field (`fieldErrors`,
 * in the interface language) and all of them in an error snackbar; any other failure is named in a snackbar that
 * offers Retry when the failure may pass (`retry` sends again). `clearFieldError` drops one field's messages.
 */
export function useSendFailure() {
  const { t } = useTranslation('compose');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation('common');
  const snackbar = useSnackbar();
  const [fieldErrors, setFieldErrors] = useState<ComposerFieldErrors>({});

  const reportFailure = useCallback(
    (error: unknown, retry: () => void) => {
      if (isApiRequestError(error) && error.status === 422) {
        setFieldErrors(composerFieldErrors(fieldErrorTexts(error, tErrors)));
        snackbar.show({
          type: 'error',
          message: joinedFieldErrors(error, tErrors) || errorMessage(error, tErrors),
        });
        return;
      }
      const message = t('send.requestFailed', { message: errorMessage(error, tErrors) });
      snackbar.show({
        type: 'error',
        message,
        ...(isRetryableError(error)
          ? { actions: [{ label: tCommon('actions.retry'), onClick: retry }] }
          : {}),
      });
    },
    [snackbar, t, tCommon, tErrors],
  );

  return {
    reportFailure,
    fieldErrors,
    clearFieldError: useCallback(
      (field: keyof ComposerFieldErrors) =>
        setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors)),
      [],
    ),
  };
}
