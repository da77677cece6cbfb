import Alert from '@mui/material/Alert';
import type { UserConfig, UserDetails } from '@webmail/contracts';
import type { ComponentType, ReactNode } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserDetails } from '../api/get-user-details';
import { useUserConfig } from '../api/user-config';

/** What a form of stored preferences gets: the user index, the details and the configuration, both read. */
export interface StoredSettingsFormProps {
  userIndex: number;
  details: UserDetails;
  config: UserConfig;
}

/**
 * Shows `form` once the user details and the configuration store are both read; until then `loading`, and an
 * alert when either could not be read (Appearance and General pages).
 */
export function StoredSettingsForm({
  userIndex,
  form: Form,
  loading = null,
}: {
  userIndex: number;
  form: ComponentType<StoredSettingsFormProps>;
  loading?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation('errors');
  const details = useUserDetails(userIndex);
  const config = useUserConfig(userIndex);
  if ((details.isError && !details.data) || (config.isError && !config.data)) {
    return (
      <Alert severity="error">
        {reasonText(details.error ?? config.error, tErrors) ?? t('account.loadFailed')}
      </Alert>
    );
  }
  if (!details.data || !config.data) return loading;
  return <Form userIndex={userIndex} details={details.data} config={config.data} />;
}
