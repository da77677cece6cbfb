import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { enUS, etEE, fiFI, ruRU } from '@mui/material/locale';
import type { ThemeName } from '@webmail/contracts';
import { layoutSizes } from '../../shared/ui/layout-sizes';
import { selectedTint, themePalettes } from '../../shared/ui/theme-palettes';

/**
 * MUI's own texts per interface language (Rating's "Empty", Autocomplete's "Open", Alert's "Close" …). The date
 * pickers' texts are set where the picker is (`shared/ui/date-time-field.tsx`), so the library loads with it.
 */
export const muiLocales = {
  fi: fiFI,
  et: etEE,
  ru: ruRU,
  en: enUS,
} as const;
export type MuiLanguage = keyof typeof muiLocales;

const isMuiLanguage = (language: string): language is MuiLanguage => language in muiLocales;

/** The MUI theme of one of the eight colour themes (`theme-palettes.ts`) in an interface language. */
/**
 * A page's heading takes the focus by script after navigation or after what had the focus went away (the focus
 * rule): the browser need not show that as :focus-visible, so the heading draws the app's ring itself.
 */
const pageHeadingFocus = (theme: Theme) => ({
  '[data-page-heading]:focus': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
});

export function createAppTheme(name: ThemeName, language = 'en'): Theme {
  const palette = themePalettes[name];
  const dark = palette.mode === 'dark';
  const materialTexts = muiLocales[isMuiLanguage(language) ? language : 'en'];
  return createTheme(
    {
      breakpoints: { values: layoutSizes.breakpoints },
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
        MuiCssBaseline: { styleOverrides: pageHeadingFocus },
        // A dialog without a width of its own (MUI's default `maxWidth="sm"`, 600 px) is 545 px at most.
        MuiDialog: {
          styleOverrides: {
            paperWidthSm: { maxWidth: layoutSizes.dialogMaxWidth },
            // A dialog has the focus itself until Tab moves into it (MUI focuses its paper, with no ring): the paper
            // shows the ring then. On :focus: MUI focuses it by script, which the browser need not show as
            // :focus-visible.
            paper: ({ theme }) => ({
              '&:focus': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            }),
          },
        },
      },
    },
    materialTexts,
  );
}
