import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Catalogue, Language } from '@webmail/contracts';

/** How a catalogue can be sent: compressed for browsers that accept it, or plain JSON. */
export type CatalogueEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The message catalogue is the web app's locale files (`{lang}/{namespace}.json`) merged into one object
 * keyed by namespace. Read once per language and kept: they only change with a deploy. Its compressed forms are
 * made once too (about 60 KB of JSON become about 12 KB): every first visit, the sign-in page included, loads
 * the catalogue of its language and of the fallback.
 */
export class TranslationsService {
  private readonly cache = new Map<Language, Promise<Catalogue>>();
  private readonly encodedCache = new Map<string, Promise<Buffer>>();

  constructor(private readonly localesDir: string) {}

  catalogue(lang: Language): Promise<Catalogue> {
    let entry = this.cache.get(lang);
    if (!entry) {
      entry = this.load(lang);
      entry.catch(() => this.cache.delete(lang));
      this.cache.set(lang, entry);
    }
    return entry;
  }

  /** The catalogue as compressed JSON bytes. */
  encoded(lang: Language, encoding: CatalogueEncoding): Promise<Buffer> {
    const key = `${lang}:${encoding}`;
    let entry = this.encodedCache.get(key);
    if (!entry) {
      entry = this.catalogue(lang).then((catalogue) => {
        const json = Buffer.from(JSON.stringify(catalogue));
        return encoding === 'br'
          ? brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzip(json, { level: 9 });
      });
      entry.catch(() => this.encodedCache.delete(key));
      this.encodedCache.set(key, entry);
    }
    return entry;
  }

  private async load(lang: Language): Promise<Catalogue> {
    const dir = path.join(this.localesDir, lang);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
    const result: Catalogue = {};
    for (const file of files) {
      result[file.slice(0, -'.json'.length)] = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    }
    return result;
  }
}
