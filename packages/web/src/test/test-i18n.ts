import type { Language } from '@webmail/contracts';
import type { i18n } from 'i18next';
import { createI18n } from '../app/i18n/create-i18n';
import { localeResources } from '../app/i18n/locale-resources';

export function createTestI18n(language: Language = 'en'): Promise<i18n> {
  return createI18n(language, { resources: localeResources() });
}
