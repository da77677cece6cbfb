import type { FeatureModule } from '../../infra/http/feature-module.js';
import { translationsRoutes } from './translations.routes.js';
import { TranslationsService } from './translations.service.js';

/** The message catalogue of each language (the web app's locale files). */
export function createTranslationsModule(deps: { localesDir: string }): { module: FeatureModule } {
  const service = new TranslationsService(deps.localesDir);
  return { module: { name: 'translations', routes: translationsRoutes(service) } };
}
