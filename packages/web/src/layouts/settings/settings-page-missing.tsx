import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { DisabledFeature } from '@webmail/contracts';
import { Link as RouterLink, useParams } from 'react-router';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { useTranslation } from '../../shared/i18n/translation';
import { useUserIndex } from '../../shared/session/use-user-index';
import { FeatureUnavailable } from './feature-unavailable';
import { settingsPath } from './settings-pages';

/** The plan flag of a settings address whose first segment names a gated feature (`signatures/edit` → signatures). */
function gatedFeatureOf(page: string | undefined): DisabledFeature | null {
  const parsed = DisabledFeature.safeParse(page);
  return parsed.success ? parsed.data : null;
}

/**
 * Any address below /u/{i}/settings that no page of this build serves (`settings/signatures/edit`,
 * `settings/contacts/groups`, `settings/security/whatever`). Its route ranks above the mailbox routes, so such an
 * address never becomes a folder called "settings" (no mailbox request, no jump to the inbox): the page says it is
 * not there, or — for a feature the plan leaves out — shows the upgrade information every gated page shows.
 */
export function SettingsPageMissing() {
  const { t } = useTranslation('settings');
  const userIndex = useUserIndex();
  const { page } = useParams();
  const disabledFeatures = useUserDetails(userIndex).data?.disabledFeatures ?? [];
  const feature = gatedFeatureOf(page);
  if (feature && disabledFeatures.includes(feature)) return <FeatureUnavailable feature={feature} />;
  return (
    <Alert severity="info">
      {t('missingPage')}{' '}
      <Link component={RouterLink} to={settingsPath(userIndex)}>
        {t('backToSettings')}
      </Link>
    </Alert>
  );
}
