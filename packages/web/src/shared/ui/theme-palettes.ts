import type { PaletteOptions } from '@mui/material/styles';
import { primaryColor, themeColors, type ThemeColor, type ThemeName } from '@webmail/contracts';

/**
 * The eight colour themes as complete MUI palettes: blue (the product's brand, the default), red, green and gray,
 * each with its `-dark` variant. Every colour pair the app draws text or a control with is checked against WCAG AA
 * (4.5:1 for text, 3:1 for controls) by `theme-contrast.test.ts`.
 *
 * The brand's primary #b00e22 is the primary of the blue and red themes; in their dark variants a light tone of
 * the same red stands in (#b00e22 on a near-black surface is about 2.3:1, too little for text). Green and gray carry
 * a primary of their own colour. A theme's colour shows in the primary, the secondary and the tint of the page
 * background behind the white (or dark) paper.
 */
export interface ThemePalette extends PaletteOptions {
  mode: 'light' | 'dark';
  primary: { main: string; dark: string; light: string; contrastText: string };
  secondary: { main: string; contrastText: string };
  background: { default: string; paper: string };
  text: { primary: string; secondary: string; disabled: string };
  error: { main: string; contrastText: string };
  warning: { main: string; contrastText: string };
  info: { main: string; contrastText: string };
  success: { main: string; contrastText: string };
  divider: string;
}

/** Status colours shared by every light theme and by every dark one. */
const lightStatus = {
  error: { main: '#b3261e', contrastText: '#ffffff' },
  warning: { main: '#8a5100', contrastText: '#ffffff' },
  info: { main: '#0b57d0', contrastText: '#ffffff' },
  success: { main: '#146c2e', contrastText: '#ffffff' },
};
const darkStatus = {
  error: { main: '#f2b8b5', contrastText: '#601410' },
  warning: { main: '#ffb95c', contrastText: '#462a00' },
  info: { main: '#a8c7fa', contrastText: '#062e6f' },
  success: { main: '#6dd58c', contrastText: '#00391a' },
};
const lightText = { primary: '#1f1f1f', secondary: '#444746', disabled: 'rgba(31,31,31,0.38)' };
const darkText = { primary: '#e3e3e3', secondary: '#c4c7c5', disabled: 'rgba(227,227,227,0.38)' };

function light(primary: ThemePalette['primary'], secondary: string, backgroundDefault: string): ThemePalette {
  return {
    mode: 'light',
    primary,
    secondary: { main: secondary, contrastText: '#ffffff' },
    background: { default: backgroundDefault, paper: '#ffffff' },
    text: lightText,
    ...lightStatus,
    divider: 'rgba(0,0,0,0.08)',
  };
}

function dark(
  primary: ThemePalette['primary'],
  secondary: ThemePalette['secondary'],
  background: ThemePalette['background'],
): ThemePalette {
  return {
    mode: 'dark',
    primary,
    secondary,
    background,
    text: darkText,
    ...darkStatus,
    divider: 'rgba(255,255,255,0.12)',
  };
}

const brand = { main: primaryColor, dark: '#8c0a1a', light: '#d8404f', contrastText: '#ffffff' };
const brandOnDark = { main: '#ffb3b3', dark: '#ff8a8f', light: '#ffdad9', contrastText: '#5f0011' };

export const themePalettes: Record<ThemeName, ThemePalette> = {
  blue: light(brand, '#0b57d0', '#f6f8fc'),
  'blue-dark': dark(
    brandOnDark,
    { main: '#a8c7fa', contrastText: '#062e6f' },
    { default: '#131314', paper: '#1f1f21' },
  ),
  red: light(brand, '#8e4953', '#fcf5f5'),
  'red-dark': dark(
    brandOnDark,
    { main: '#ffb2bc', contrastText: '#561d27' },
    { default: '#181112', paper: '#261d1e' },
  ),
  green: light(
    { main: '#1d6b35', dark: '#0f5223', light: '#4c8c5c', contrastText: '#ffffff' },
    '#38656a',
    '#f4f8f3',
  ),
  'green-dark': dark(
    { main: '#8fd89c', dark: '#73bc81', light: '#abf5b6', contrastText: '#003915' },
    { main: '#a0cfd4', contrastText: '#00363b' },
    { default: '#101410', paper: '#1c211c' },
  ),
  gray: light(
    { main: '#434750', dark: '#2c3038', light: '#6b707a', contrastText: '#ffffff' },
    '#5b5f66',
    '#f4f4f5',
  ),
  'gray-dark': dark(
    { main: '#c6c9d1', dark: '#a9adb5', light: '#e2e4ea', contrastText: '#2c3038' },
    { main: '#c4c6cc', contrastText: '#2d3036' },
    { default: '#121212', paper: '#1e1e1f' },
  ),
};

/** The theme of a colour in light or dark mode: the colour, plus `-dark` in dark mode. */
export function themeNameOf(color: ThemeColor, dark: boolean): ThemeName {
  const base = themeColors.includes(color) ? color : 'blue';
  return dark ? `${base}-dark` : base;
}

/** How strongly a selected list row is tinted with the primary colour, over the paper. */
export const selectedTint = { light: 0.1, dark: 0.16, hoverLight: 0.14, hoverDark: 0.22 } as const;
