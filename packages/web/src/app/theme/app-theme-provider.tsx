import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, type ReactNode } from 'react';
import { createAppTheme, type ThemeName } from './create-app-theme';

/**
 * Applies the blue / blue-dark theme. Dark mode follows the system preference until appearance settings exist
 * and let the user choose.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const name: ThemeName = prefersDark ? 'blue-dark' : 'blue';
  const theme = useMemo(() => createAppTheme(name), [name]);

  useEffect(() => {
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme.palette.background.default);
  }, [theme]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
