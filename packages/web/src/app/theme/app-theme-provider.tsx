import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { useAppearance } from '../../shared/ui/appearance';
import { createAppTheme } from './create-app-theme';
import { themeNameOf } from '../../shared/ui/theme-palettes';

/**
 * Applies the colour theme of the shown user's appearance settings (the settings feature keeps them in
 * `shared/ui/appearance.ts`): the colour, plus `-dark` when dark mode is on, or when it follows the system and the
 * system is dark. MUI's built-in texts follow the interface language.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { color, darkMode } = useAppearance();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const dark = darkMode === 'dark' || (darkMode === 'system' && prefersDark);
  const name = themeNameOf(color, dark);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const theme = useMemo(() => createAppTheme(name, language), [name, language]);

  useEffect(() => {
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme.palette.background.default);
    document.documentElement.dataset.theme = name;
  }, [theme, name]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
