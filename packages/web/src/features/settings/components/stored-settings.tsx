import { useEffect, useRef } from 'react';
import { browserTimeZone, setUserTimeZone } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { applyAppearance } from '../../../shared/ui/appearance';
import { setShortcutsEnabled } from '../../../shared/ui/keyboard-shortcuts';
import { useUserDetails } from '../api/get-user-details';
import { useUserConfig } from '../api/user-config';
import { useUpdateUserDetails } from '../api/update-user-details';

/**
 * Applies the settings the user keeps with the account whenever they are read (after sign-in in another browser,
 * when another tab changed them, when a settings page changes them): the interface language, the colour theme and
 * dark mode, the keyboard shortcuts, and the time zone dates are shown in. The browser's time zone is stored once, while the details say
 * it never was (`browserTimezoneSet` false). Renders nothing; the layouts mount it for the user shown.
 */
export function StoredSettings({ userIndex }: { userIndex: number }) {
  const { i18n } = useTranslation();
  const config = useUserConfig(userIndex).data;
  const details = useUserDetails(userIndex).data;
  const { mutate: updateDetails } = useUpdateUserDetails(userIndex);
  const timeZoneSent = useRef(false);

  const language = config?.language ?? null;
  useEffect(() => {
    if (language && language !== (i18n.resolvedLanguage ?? i18n.language)) void i18n.changeLanguage(language);
  }, [language, i18n]);

  const color = details?.meta.ui.color;
  const darkMode = config?.darkMode;
  useEffect(() => {
    if (color && darkMode) applyAppearance({ color, darkMode });
  }, [color, darkMode]);

  const shortcuts = config?.shortcuts ?? true;
  useEffect(() => setShortcutsEnabled(shortcuts), [shortcuts]);

  const timeZone = details?.timezone ?? null;
  const timeZoneUnset = details ? !details.meta.browserTimezoneSet : false;
  useEffect(() => {
    setUserTimeZone(timeZone);
  }, [timeZone]);
  useEffect(() => {
    if (!timeZoneUnset || timeZoneSent.current) return;
    timeZoneSent.current = true;
    updateDetails({ timezone: browserTimeZone() });
  }, [timeZoneUnset, updateDetails]);
  return null;
}
