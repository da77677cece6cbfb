import { languages } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { namespaces } from '../app/i18n/namespaces';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const pluralPattern = new RegExp(`^(.*)_(${pluralSuffixes.join('|')})$`);

function catalogue(language: string, namespace: string): Record<string, unknown> {
  const data = files[`./${language}/${namespace}.json`];
  if (!data) throw new Error(`missing file src/locales/${language}/${namespace}.json`);
  return data;
}

/** Leaf keys as dot paths with their text. */
function leaves(value: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object' && !Array.isArray(child)) {
      for (const [nested, text] of leaves(child as Record<string, unknown>, path)) result.set(nested, text);
    } else result.set(path, child);
  }
  return result;
}

/** Keys with plural suffixes folded to their base: `count.unseen_one` → plural `count.unseen`. */
function shape(language: string, namespace: string) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of leaves(catalogue(language, namespace)).keys()) {
    const match = pluralPattern.exec(key);
    if (match) {
      const [, base, suffix] = match as unknown as [string, string, string];
      plurals.set(base, (plurals.get(base) ?? new Set()).add(suffix));
    } else plain.add(key);
  }
  return { plain, plurals };
}

const variables = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('has exactly one file per language and namespace', () => {
    const expected = languages
      .flatMap((language) => namespaces.map((ns) => `./${language}/${ns}.json`))
      .sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const namespace of namespaces) {
    describe(namespace, () => {
      const shapes = Object.fromEntries(languages.map((language) => [language, shape(language, namespace)]));
      const allPlain = new Set(languages.flatMap((language) => [...shapes[language]!.plain]));
      const allPlurals = new Set(languages.flatMap((language) => [...shapes[language]!.plurals.keys()]));

      for (const language of languages) {
        it(`${language} has every key another language has`, () => {
          const own = shapes[language]!;
          expect([...allPlain].filter((key) => !own.plain.has(key))).toEqual([]);
          expect([...allPlurals].filter((key) => !own.plurals.has(key))).toEqual([]);
        });

        it(`${language} has exactly the plural forms the language needs`, () => {
          const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
          for (const [base, suffixes] of shapes[language]!.plurals) {
            expect({ key: base, forms: [...suffixes].sort() }).toEqual({ key: base, forms: needed });
          }
        });

        it(`${language} shows {{count}} in its "one" form when that form stands for more than 1`, () => {
          // Russian "one" is 1, 21, 31, 101 …: "Удалить фильтр?" would ask about 21 filters as if about one.
          const rules = new Intl.PluralRules(language);
          const ones = Array.from({ length: 1002 }, (_, n) => n).filter((n) => rules.select(n) === 'one');
          if (ones.length <= 1) return;
          const missing = [...leaves(catalogue(language, namespace))]
            .filter(([key]) => key.endsWith('_one'))
            .filter(([, text]) => !/{{\s*count\s*(,[^}]*)?}}/.test(String(text)))
            .map(([key]) => key);
          expect(missing).toEqual([]);
        });

        it(`${language} has no empty text and the same {{variables}} as English`, () => {
          const own = leaves(catalogue(language, namespace));
          const english = leaves(catalogue('en', namespace));
          for (const [key, text] of own) {
            expect(
              typeof text === 'string' && text.trim().length > 0,
              `${language}:${namespace}:${key}`,
            ).toBe(true);
            const base = key.replace(pluralPattern, '$1');
            const englishText = english.get(key) ?? english.get(`${base}_other`);
            // A plural form always gets `count`; whether it shows it depends on the language's form (below).
            const shown = (t: unknown) =>
              pluralPattern.test(key) ? variables(t).filter((name) => name !== 'count') : variables(t);
            expect({ key, vars: shown(text) }).toEqual({ key, vars: shown(englishText) });
          }
        });
      }
    });
  }

  // Words a language could give one text for, meaning different things: "Päivitä" read as both Upgrade and Refresh.
  const distinctMeanings: Array<[string, string, string]> = [
    ['common', 'footer.upgrade', 'messages:list.refresh'],
    ['upgrade', 'title', 'messages:list.refresh'],
    ['editor', 'toolbar.redo', 'common:actions.retry'],
  ];
  for (const language of languages) {
    it(`${language} uses different words for different actions (upgrade/refresh, redo/retry)`, () => {
      const text = (namespace: string, key: string) => leaves(catalogue(language, namespace)).get(key);
      for (const [namespace, key, other] of distinctMeanings) {
        const [otherNamespace, otherKey] = other.split(':') as [string, string];
        expect(text(namespace, key), `${namespace}:${key}`).toBeDefined();
        expect(text(otherNamespace, otherKey), other).toBeDefined();
        expect(text(namespace, key), `${namespace}:${key} vs ${other}`).not.toBe(
          text(otherNamespace, otherKey),
        );
      }
    });
  }
});
