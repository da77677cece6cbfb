import { z } from 'zod';

/** Interface languages: Finnish, English, Estonian, Russian. fi is the default, en the fallback. */
export const languages = ['fi', 'en', 'et', 'ru'] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;
export const defaultLanguage: Language = 'fi';
export const fallbackLanguage: Language = 'en';

/** The one message catalogue name the API serves (GET /translations/{lang}/root.webmail). */
export const catalogueName = 'root.webmail';
export const TranslationsParams = z.object({ lang: Language, catalogue: z.literal(catalogueName) });
/** Namespace → nested keys. */
export const Catalogue = z.record(z.string(), z.record(z.string(), z.unknown()));
export type Catalogue = z.infer<typeof Catalogue>;
