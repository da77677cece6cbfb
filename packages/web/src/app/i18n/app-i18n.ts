import { catalogueName, systemEndpoints, type Language } from '@webmail/contracts';
import type { i18n } from 'i18next';
import { configureApiClient } from '../../shared/api/api-client';
import { callApi } from '../../shared/api/call-api';
import { createCatalogueBackend } from './catalogue-backend';
import { createI18n } from './create-i18n';
import { storedLanguage, storeLanguage } from './language-storage';

/** The browser app's i18n: catalogue from the API, language remembered on the device and sent on every call. */
export async function initAppI18n(): Promise<i18n> {
  const backend = createCatalogueBackend((language) =>
    callApi(systemEndpoints.catalogue, { params: { lang: language as Language, catalogue: catalogueName } }),
  );
  const language = storedLanguage();
  configureApiClient({ getLanguage: () => language });
  const instance = await createI18n(language, { backend });
  bindLanguage(instance);
  return instance;
}

let boundInstance: i18n | null = null;

/** The interface language now (e.g. for addresses outside React, like the external sign-in application). */
export function currentLanguage(): string {
  return boundInstance?.resolvedLanguage ?? boundInstance?.language ?? storedLanguage();
}

/** Keeps the API's Accept-Language, the stored choice and `<html lang>` in step with the i18n language. */
export function bindLanguage(instance: i18n): void {
  boundInstance = instance;
  const apply = (language: string) => {
    document.documentElement.lang = language;
  };
  configureApiClient({ getLanguage: () => instance.resolvedLanguage ?? instance.language });
  apply(instance.resolvedLanguage ?? instance.language);
  instance.on('languageChanged', (language) => {
    storeLanguage(language);
    apply(language);
  });
}
