import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { breakpoints, type ThemeName } from '@webmail/contracts';
import { selectedTint, themePalettes } from '../../shared/ui/theme-palettes';

/** The MUI theme of one of the eight colour themes (`theme-palettes.ts`). */
export function createAppTheme(name: ThemeName): Theme {
  const palette = themePalettes[name];
  const dark = palette.mode === 'dark';
  return createTheme({
    breakpoints: { values: breakpoints },
    palette,
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
              backgroundColor: alpha(
                theme.palette.primary.main,
                dark ? selectedTint.dark : selectedTint.light,
              ),
              color: dark ? theme.palette.primary.main : theme.palette.primary.dark,
            },
            '&.Mui-selected:hover': {
              backgroundColor: alpha(
                theme.palette.primary.main,
                dark ? selectedTint.hoverDark : selectedTint.hoverLight,
              ),
            },
          }),
        },
      },
      MuiMenu: { styleOverrides: { paper: { borderRadius: 16 } } },
    },
  });
}
