import type { UserConfig, UserDetails } from '@webmail/contracts';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { QueryView } from '../../../shared/ui/query-view';
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
  const details = useUserDetails(userIndex);
  const config = useUserConfig(userIndex);
  return (
    <QueryView query={details} loadFailed={t('account.loadFailed')} loading={loading}>
      {(detailsData) => (
        <QueryView query={config} loadFailed={t('account.loadFailed')} loading={loading}>
          {(configData) => <Form userIndex={userIndex} details={detailsData} config={configData} />}
        </QueryView>
      )}
    </QueryView>
  );
}
