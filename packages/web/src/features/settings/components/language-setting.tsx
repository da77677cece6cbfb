import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { languages, type Language } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useUpdateUserConfig } from '../api/user-config';
import { settingsFieldWidth } from '../lib/field-width';

/**
 * The interface language (General page): applied at once (texts, `<html lang>`, the Accept-Language of every
 * request), then stored with the account; a failed save puts the previous language back and says so.
 */
export function LanguageSetting({ userIndex }: { userIndex: number }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const snackbar = useSnackbar();
  const update = useUpdateUserConfig(userIndex);
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;

  const choose = async (language: Language) => {
    if (language === current) return;
    const previous = current;
    // Applied first (its texts loaded), so the save already goes out with the new Accept-Language.
    await i18n.changeLanguage(language);
    update.mutate(
      { language },
      {
        onError: () => {
          void i18n.changeLanguage(previous);
          snackbar.show({ type: 'error', message: t('settings:general.language.saveFailed') });
        },
      },
    );
  };

  return (
    <TextField
      select
      label={t('settings:general.language.label')}
      helperText={t('settings:general.language.help')}
      value={current}
      onChange={(event) => void choose(event.target.value as Language)}
      sx={{ width: '100%', maxWidth: settingsFieldWidth }}
    >
      {languages.map((language) => (
        <MenuItem key={language} value={language} lang={language}>
          {t(`common:language.names.${language}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
