import type { Catalogue } from '@webmail/contracts';
import type { BackendModule, ReadCallback } from 'i18next';

export type FetchCatalogue = (language: string) => Promise<Catalogue>;

/**
 * An i18next backend that fetches a language's whole catalogue once (all namespaces in one response) and
 * hands each namespace out of it. A failed fetch is forgotten so that the retried read fetches again.
 */
export function createCatalogueBackend(fetchCatalogue: FetchCatalogue): BackendModule {
  const catalogues = new Map<string, Promise<Catalogue>>();

  const load = (language: string) => {
    let pending = catalogues.get(language);
    if (!pending) {
      pending = fetchCatalogue(language);
      pending.catch(() => catalogues.delete(language));
      catalogues.set(language, pending);
    }
    return pending;
  };

  return {
    type: 'backend',
    init: () => {},
    read(language: string, namespace: string, callback: ReadCallback) {
      load(language).then(
        (catalogue) => callback(null, catalogue[namespace] ?? {}),
        // `true` asks i18next to retry the read (it backs off and gives up after a few tries), so a catalogue
        // request that failed while the server restarted does not leave the page showing raw keys.
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  };
}
