import { useTranslation } from '../../shared/i18n/translation';
import { settingsPath, useSettingsLocation, useSettingsPageLabel } from '../settings/settings-pages';

/** A settings page on a small screen shows a back arrow and its title in the app bar; elsewhere null. */
export function useSettingsBack(
  userIndex: number,
  small: boolean,
): { href: string; label: string; title: string } | null {
  const { t } = useTranslation('settings');
  const settings = useSettingsLocation();
  const pageLabel = useSettingsPageLabel();
  if (!small || !settings.page) return null;
  return { href: settingsPath(userIndex), label: t('backToSettings'), title: pageLabel(settings.page) };
}
