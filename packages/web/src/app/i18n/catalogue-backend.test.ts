import { fallbackLanguage, languages, type Catalogue } from '@webmail/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createCatalogueBackend } from './catalogue-backend';
import { createI18n } from './create-i18n';

function read(backend: ReturnType<typeof createCatalogueBackend>, language: string, namespace: string) {
  return new Promise<unknown>((resolve, reject) =>
    backend.read(language, namespace, (error, data) => (error ? reject(error) : resolve(data))),
  );
}

describe('catalogue backend', () => {
  it('fetches a language once and hands out each namespace', async () => {
    const fetchCatalogue = vi.fn(async (language: string): Promise<Catalogue> => ({
      common: { hello: `hello ${language}` },
      auth: { x: 'y' },
    }));
    const backend = createCatalogueBackend(fetchCatalogue);

    await expect(read(backend, 'fi', 'common')).resolves.toEqual({ hello: 'hello fi' });
    await expect(read(backend, 'fi', 'auth')).resolves.toEqual({ x: 'y' });
    await expect(read(backend, 'fi', 'unknown')).resolves.toEqual({});
    await expect(read(backend, 'en', 'common')).resolves.toEqual({ hello: 'hello en' });

    expect(fetchCatalogue.mock.calls).toEqual([['fi'], ['en']]);
  });

  it('tries again after a failed fetch', async () => {
    const fetchCatalogue = vi
      .fn<(language: string) => Promise<Catalogue>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ common: { a: 'b' } });
    const backend = createCatalogueBackend(fetchCatalogue);

    await expect(read(backend, 'fi', 'common')).rejects.toThrow('offline');
    await expect(read(backend, 'fi', 'common')).resolves.toEqual({ a: 'b' });
  });
});

describe('the app i18n over the catalogue backend', () => {
  it.each(languages.filter((l) => l !== fallbackLanguage))(
    'asks for the %s catalogue and the fallback one together, before either has answered',
    async (language) => {
      const fetchCatalogue = vi.fn((): Promise<Catalogue> => new Promise(() => {}));

      void createI18n(language, { backend: createCatalogueBackend(fetchCatalogue) });

      await vi.waitFor(() => expect(fetchCatalogue).toHaveBeenCalledTimes(2));
      expect(fetchCatalogue.mock.calls).toEqual([[language], [fallbackLanguage]]);
    },
  );
});
