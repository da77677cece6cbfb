import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserConfig } from '../api/user-config';

/**
 * Applies the interface language the user chose in settings (kept with the account) when it is read: after
 * sign-in in another browser, and when another tab changed it. Renders nothing; the app mounts it for the user shown.
 */
export function StoredLanguage({ userIndex }: { userIndex: number }) {
  const { i18n } = useTranslation();
  const language = useUserConfig(userIndex).data?.language ?? null;
  useEffect(() => {
    if (language && language !== (i18n.resolvedLanguage ?? i18n.language)) void i18n.changeLanguage(language);
  }, [language, i18n]);
  return null;
}
