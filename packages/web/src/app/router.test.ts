import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appPaths, type RouteHandle } from '../shared/routing/app-paths';
import { routes } from './router';

/** Every route object with a path or a name, as `[path, name]`. */
function namedRoutes(table: RouteObject[]): [string | undefined, string | undefined][] {
  return table.flatMap((route) => [
    ...(route.path !== undefined || (route.handle as RouteHandle | undefined)?.name
      ? [[route.path, (route.handle as RouteHandle)?.name]]
      : []),
    ...namedRoutes(route.children ?? []),
  ]) as [string | undefined, string | undefined][];
}

describe('the route table', () => {
  it('names every route of the router, with the path the table gives that name', () => {
    const mismatched = namedRoutes(routes).filter(
      ([path, name]) =>
        // Splats (the fallbacks: unknown addresses) have no name of their own.
        !path?.endsWith('*') &&
        (name === undefined || (path !== undefined && appPaths[name as keyof typeof appPaths] !== path)),
    );
    expect(mismatched).toEqual([]);
    const served = new Set(namedRoutes(routes).map(([, name]) => name));
    expect(Object.keys(appPaths).filter((name) => !served.has(name))).toEqual([]);
  });
});
