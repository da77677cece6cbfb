import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  darkModes,
  displayDensities,
  listModes,
  themeColors,
  viewModes,
  type DarkMode,
  type ThemeColor,
} from '@webmail/contracts';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { themeNameOf } from '../../../shared/ui/theme-palettes';
import { useSettingsSaver } from '../hooks/use-settings-saver';
import { ChoiceGroup } from './choice-group';
import { ColorChoice } from './color-choice';
import { StoredSettingsForm, type StoredSettingsFormProps } from './stored-settings-form';

/**
 * Page Appearance (settings/appearance): dark mode (light, dark, or the system's), the reading pane (3 or
 * 2 panels), the list density, the inbox type (conversations or single messages) and the colour. Every choice
 * shows at once and is saved 1 s after the last one; a failed save puts the previous look back with a notice.
 */
export function AppearancePage() {
  return <StoredSettingsForm userIndex={useUserIndex()} form={AppearanceForm} loading={<PaneLoader />} />;
}

/**
 * The appearance choices, saved as they are picked: the Appearance page and the quick-settings drawer both
 * show this one form.
 */
export function AppearanceForm({ userIndex, details, config }: StoredSettingsFormProps) {
  const { t } = useTranslation('settings');
  const save = useSettingsSaver(userIndex);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const isDark = (mode: DarkMode) => mode === 'dark' || (mode === 'system' && prefersDark);
  // The stored theme name is the colour, plus '-dark' while dark mode applies. Worked out from the
  // settings as they show at the moment of the click, which a quick second click may be ahead of this render by.
  const ui = (color: ThemeColor, mode: DarkMode) => ({ color, theme: themeNameOf(color, isDark(mode)) });
  const theme = useTheme();

  return (
    <Box sx={{ maxWidth: 680, display: 'flex', flexDirection: 'column', gap: 4 }}>
      <ChoiceGroup
        label={t('appearance.darkMode.label')}
        help={t('appearance.darkMode.help')}
        value={config.darkMode}
        choices={darkModes.map((value) => ({ value, label: t(`appearance.darkMode.${value}`) }))}
        onChange={(darkMode) =>
          save((now) => ({
            config: { darkMode },
            details: { ui: ui(now.details?.meta.ui.color ?? details.meta.ui.color, darkMode) },
          }))
        }
      />
      <ColorChoice
        label={t('appearance.color.label')}
        value={details.meta.ui.color}
        dark={theme.palette.mode === 'dark'}
        labelOf={(color) => t(`appearance.color.${color}`)}
        colors={themeColors}
        onChange={(color) =>
          save((now) => ({ details: { ui: ui(color, now.config?.darkMode ?? config.darkMode) } }))
        }
      />
      <ChoiceGroup
        label={t('appearance.viewMode.label')}
        help={t('appearance.viewMode.help')}
        value={details.view_mode}
        choices={viewModes.map((value) => ({ value, label: t(`appearance.viewMode.${value}`) }))}
        onChange={(view_mode) => save({ details: { view_mode } })}
      />
      <ChoiceGroup
        label={t('appearance.density.label')}
        value={details.meta.displayDensity}
        choices={displayDensities.map((value) => ({ value, label: t(`appearance.density.${value}`) }))}
        onChange={(displayDensity) => save({ details: { displayDensity } })}
      />
      <ChoiceGroup
        label={t('appearance.listMode.label')}
        help={t('appearance.listMode.help')}
        value={config.listMode}
        choices={[...listModes]
          .reverse()
          .map((value) => ({ value, label: t(`appearance.listMode.${value}`) }))}
        onChange={(listMode) => save({ config: { listMode } })}
      />
    </Box>
  );
}
