import type { Language } from '@webmail/contracts';
import type { i18n, Resource } from 'i18next';
import { createI18n } from '../app/i18n/create-i18n';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The locale files as i18next resources: `{ lang: { namespace: {...} } }`. */
export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, data] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] = { ...resources[language], [namespace]: data };
  }
  return resources;
}

export function createTestI18n(language: Language = 'en'): Promise<i18n> {
  return createI18n(language, { resources: localeResources() });
}
