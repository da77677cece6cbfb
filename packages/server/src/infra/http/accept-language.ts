import { defaultLanguage, languages, type Language } from '@webmail/contracts';

/**
 * The first supported language of an Accept-Language header (every request of the app carries the chosen one),
 * else `fallback`: the product's default language for what the user reads in the app, English for text that goes
 * out in mail to people whose language is unknown.
 */
export function languageOf(header: string | undefined, fallback: Language = defaultLanguage): Language {
  for (const part of (header ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if ((languages as readonly string[]).includes(code)) return code as Language;
  }
  return fallback;
}
