import Alert from '@mui/material/Alert';
import { useTranslation } from '../../shared/i18n/translation';

/** A settings page whose feature the plan disables (a gated feature): it says so instead of its form. */
export function FeatureUnavailable() {
  const { t } = useTranslation('settings');
  return <Alert severity="info">{t('unavailable')}</Alert>;
}
