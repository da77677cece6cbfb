import type { Resource } from 'i18next';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/**
 * Every locale file as i18next resources (`{ lang: { namespace: {...} } }`), read at build time: for the tests and
 * for the sign-in page drawn by the build (scripts/sign-in-drawing.tsx). The app itself fetches its catalogue from
 * the server; nothing it bundles imports this.
 */
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
