import { defaultLanguage, languages, type Language } from '@webmail/contracts';

/** Where the chosen language is kept (also read by the drawn sign-in page's check, scripts/sign-in-drawing.tsx). */
export const languageStorageKey = 'webmail.language';

/** The language the user chose earlier on this device, else the default (fi). */
export function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(languageStorageKey);
    // A plain look-up, not the contract's `Language` schema: on a first visit nothing is stored, and zod's first
    // failed parse (its error messages are set up then) cost ~25 ms of a phone's start.
    return languages.find((language) => language === stored) ?? defaultLanguage;
  } catch {
    return defaultLanguage; // storage blocked (privacy mode): fall back silently, the choice is not critical
  }
}

export function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage blocked: the language still applies for this visit.
  }
}
