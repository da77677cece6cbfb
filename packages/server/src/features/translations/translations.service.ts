import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue, Language } from '@webmail/contracts';

/**
 * The message catalogue is the web app's locale files (`{lang}/{namespace}.json`) merged into one object
 * keyed by namespace. Read once per language and kept: they only change with a deploy.
 */
export class TranslationsService {
  private readonly cache = new Map<Language, Promise<Catalogue>>();

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
