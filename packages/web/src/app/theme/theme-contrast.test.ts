import { alpha, decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { themeNames, type ThemeName } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-app-theme';
import { selectedTint, themePalettes } from '../../shared/ui/theme-palettes';

/** WCAG AA: normal text 4.5:1, user-interface components (outlines, switches, focus) 3:1. */
const textMinimum = 4.5;
const controlMinimum = 3;

/** `top` with its alpha laid over the opaque `bottom`: the colour the eye sees. */
function over(top: string, bottom: string): string {
  const t = decomposeColor(top);
  const b = decomposeColor(bottom);
  const a = t.values[3] ?? 1;
  const mix = [0, 1, 2].map((i) => Math.round(t.values[i]! * a + b.values[i]! * (1 - a)));
  return recomposeColor({ type: 'rgb', values: mix as [number, number, number] });
}

interface Pair {
  what: string;
  foreground: string;
  background: string;
  minimum: number;
}

/** Every pair of colours the app draws text or a control with, as the theme's components use them. */
function pairsOf(name: ThemeName): Pair[] {
  const { palette } = createAppTheme(name);
  const dark = palette.mode === 'dark';
  const surfaces = { page: palette.background.default, paper: palette.background.paper };
  const pairs: Pair[] = [];
  const add = (what: string, foreground: string, background: string, minimum: number) =>
    pairs.push({ what, foreground: over(foreground, background), background, minimum });
  for (const [surface, background] of Object.entries(surfaces)) {
    add(`text.primary on ${surface}`, palette.text.primary, background, textMinimum);
    add(`text.secondary on ${surface}`, palette.text.secondary, background, textMinimum);
    add(`primary (links, selected tab) on ${surface}`, palette.primary.main, background, textMinimum);
    add(`error text on ${surface}`, palette.error.main, background, textMinimum);
    add(`secondary control on ${surface}`, palette.secondary.main, background, controlMinimum);
    add(
      `primary control (switch, radio, focus) on ${surface}`,
      palette.primary.main,
      background,
      controlMinimum,
    );
  }
  for (const role of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
    add(
      `${role}.contrastText on ${role}.main (filled button)`,
      palette[role].contrastText,
      palette[role].main,
      textMinimum,
    );
  }
  // A selected list row: tinted with the primary over the paper, its text primary.dark (light) or primary (dark).
  const selectedText = dark ? palette.primary.main : palette.primary.dark;
  for (const [state, tint] of [
    ['selected row', dark ? selectedTint.dark : selectedTint.light],
    ['selected row, hovered', dark ? selectedTint.hoverDark : selectedTint.hoverLight],
  ] as const) {
    const row = over(alpha(palette.primary.main, tint), palette.background.paper);
    add(`${state}: its text`, selectedText, row, textMinimum);
    add(`${state}: text.secondary`, palette.text.secondary, row, textMinimum);
  }
  return pairs;
}

describe('colour themes: WCAG AA contrast of text and controls', () => {
  it('defines all eight themes, each light or dark as its name says', () => {
    expect(Object.keys(themePalettes).sort()).toEqual([...themeNames].sort());
    for (const name of themeNames) {
      expect(createAppTheme(name).palette.mode).toBe(name.endsWith('-dark') ? 'dark' : 'light');
    }
  });

  it('keeps the brand primary #b00e22 in the default (blue) theme', () => {
    expect(createAppTheme('blue').palette.primary.main.toLowerCase()).toBe('#b00e22');
  });

  it.each(themeNames)('%s: every text pair reaches 4.5:1 and every control 3:1', (name) => {
    const misses = pairsOf(name)
      .map((pair) => ({ ...pair, ratio: getContrastRatio(pair.foreground, pair.background) }))
      .filter((pair) => pair.ratio < pair.minimum)
      .map((pair) => `${pair.what}: ${pair.ratio.toFixed(2)} < ${pair.minimum}`);
    expect(misses).toEqual([]);
  });
});
