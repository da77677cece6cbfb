import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../shared/routing/app-paths';
import { routes } from './router';

/** The routes that show a page: leaves that render something (not the redirects, whose element is null). */
function pageRoutes(table: RouteObject[], trail = ''): { where: string; handle: RouteHandle | undefined }[] {
  return table.flatMap((route) => {
    const where = route.path ?? `${trail} (${route.index ? 'index' : 'pathless'})`;
    if (route.children?.length) return pageRoutes(route.children, route.path ?? trail);
    if (route.element === null) return [];
    return [{ where, handle: route.handle as RouteHandle | undefined }];
  });
}

const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function text(language: string, key: string): unknown {
  const [namespace, path] = key.split(':') as [string, string];
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      catalogues[`../locales/${language}/${namespace}.json`],
    );
}

describe('page titles', () => {
  const pages = pageRoutes(routes);

  it('walks a route table with every kind of page in it', () => {
    const where = pages.map((page) => page.where);
    expect(where).toContain('/login/password');
    expect(where).toContain('/u/:userIndex/:mailboxId/:threadId/:messageId');
    expect(where).toContain('/u/:userIndex/settings/filters');
    expect(where).toContain('/u/:userIndex/tab/:mailboxId/messages/:messageId/source');
    expect(pages.length).toBeGreaterThan(30);
  });

  it('gives every route that shows a page a title', () => {
    expect(pages.filter((page) => !page.handle?.title).map((page) => page.where)).toEqual([]);
  });

  it('has every title key in all four languages', () => {
    const keys = new Set(
      pages.map((page) => page.handle?.title).filter((title) => title && title !== 'page'),
    );
    const missing = [...keys].flatMap((key) =>
      ['fi', 'en', 'et', 'ru']
        .filter((language) => typeof text(language, key!) !== 'string')
        .map((language) => `${language} ${key}`),
    );
    expect(keys.size).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
