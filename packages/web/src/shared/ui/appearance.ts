import {
  DarkMode,
  ThemeColor,
  type DarkMode as DarkModeValue,
  type ThemeColor as ThemeColorValue,
} from '@webmail/contracts';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/** The colour theme and dark mode the app is drawn with: the shown user's choice, or the last one on this device. */
export interface Appearance {
  color: ThemeColorValue;
  darkMode: DarkModeValue;
}

/** Where the last appearance is kept (also read by the drawn sign-in page's check, scripts/sign-in-drawing.tsx). */
export const appearanceStorageKey = 'webmail.appearance';
const Stored = z.object({ color: ThemeColor.catch('blue'), darkMode: DarkMode.catch('system') });
/** A device with nothing stored (also what the drawn sign-in page shows). */
export const defaultAppearance: Appearance = { color: 'blue', darkMode: 'system' };

function read(): Appearance {
  try {
    const raw = window.localStorage.getItem(appearanceStorageKey);
    return raw ? Stored.parse(JSON.parse(raw)) : defaultAppearance;
  } catch {
    return defaultAppearance;
  }
}

let current: Appearance | null = null;
const listeners = new Set<() => void>();

const snapshot = (): Appearance => (current ??= read());

/**
 * Draws the app with this appearance from now on, and remembers it on the device so the next start (the sign-in
 * page, before the user's settings have loaded) is drawn the same way.
 */
export function applyAppearance(next: Appearance): void {
  const now = snapshot();
  if (now.color === next.color && now.darkMode === next.darkMode) return;
  current = { color: next.color, darkMode: next.darkMode };
  try {
    window.localStorage.setItem(appearanceStorageKey, JSON.stringify(current));
  } catch {
    // Not remembered for the next start; this page still changes.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribe, snapshot);
}

/** For tests: forget the applied appearance (the next read comes from storage again). */
export function resetAppearance(): void {
  current = null;
}
