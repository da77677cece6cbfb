import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { breakpoints, primaryColor } from '@webmail/contracts';

/** Themes: only blue and blue-dark are fully defined; the name is the colour plus '-dark' in dark mode. */
export type ThemeName = 'blue' | 'blue-dark';

/**
 * The product's primary colour is #b00e22. In dark mode a lighter tone of the same red is used for text and filled controls:
 * #b00e22 on a near-black surface has a contrast of about 2.3:1, below what text needs.
 */
const darkPrimary = '#ffb3b3';

export function createAppTheme(name: ThemeName): Theme {
  const dark = name === 'blue-dark';
  const primary = dark ? darkPrimary : primaryColor;
  return createTheme({
    breakpoints: { values: breakpoints },
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: primary, contrastText: dark ? '#5f0011' : '#ffffff' },
      secondary: { main: dark ? '#a8c7fa' : '#0b57d0' },
      background: dark ? { default: '#131314', paper: '#1f1f21' } : { default: '#f6f8fc', paper: '#ffffff' },
      text: dark
        ? { primary: '#e3e3e3', secondary: '#c4c7c5' }
        : { primary: '#1f1f1f', secondary: '#444746' },
      divider: dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)',
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 500, letterSpacing: 0.1 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 20, paddingInline: 20 } },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTooltip: { defaultProps: { enterDelay: 400 } },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-selected': {
              backgroundColor: alpha(theme.palette.primary.main, dark ? 0.16 : 0.1),
              color: dark ? theme.palette.primary.main : theme.palette.primary.dark,
            },
            '&.Mui-selected:hover': {
              backgroundColor: alpha(theme.palette.primary.main, dark ? 0.22 : 0.14),
            },
          }),
        },
      },
      MuiMenu: { styleOverrides: { paper: { borderRadius: 16 } } },
    },
  });
}
