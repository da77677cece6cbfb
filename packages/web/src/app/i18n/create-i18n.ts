import { fallbackLanguage, languages, type Language } from '@webmail/contracts';
import i18next, { type BackendModule, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultNamespace, namespaces } from './namespaces';

export type I18nSource = { backend: BackendModule } | { resources: Resource };

/**
 * Creates and initialises the app's i18next instance. The app passes the catalogue backend; tests pass the
 * locale files as in-memory resources.
 */
export async function createI18n(language: Language, source: I18nSource): Promise<i18n> {
  const instance = i18next.createInstance();
  if ('backend' in source) instance.use(source.backend);
  instance.use(initReactI18next);
  await instance.init({
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...languages],
    load: 'languageOnly',
    ns: [...namespaces],
    defaultNS: defaultNamespace,
    resources: 'resources' in source ? source.resources : undefined,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: true },
    // Every namespace of the language and of the fallback read at once: the catalogue backend makes them one
    // request per language, and with i18next's default of 10 parallel reads the fallback's request waited for the
    // language's own, a second round trip before the first page could render.
    maxParallelReads: namespaces.length * languages.length,
  });
  return instance;
}
