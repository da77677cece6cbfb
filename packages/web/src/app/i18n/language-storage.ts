import { defaultLanguage, Language } from '@webmail/contracts';

const storageKey = 'webmail.language';

/** The language the user chose earlier on this device, else the default (fi). */
export function storedLanguage(): Language {
  try {
    const parsed = Language.safeParse(window.localStorage.getItem(storageKey));
    return parsed.success ? parsed.data : defaultLanguage;
  } catch {
    return defaultLanguage; // storage blocked (privacy mode): fall back silently, the choice is not critical
  }
}

export function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // Storage blocked: the language still applies for this visit.
  }
}
