import { appPaths, type RouteHandle, type RouteName, type RouteTitle } from '../../shared/routing/app-paths';

/**
 * The path and name of a route object, from the paths table (children use full paths: one pattern per page), and
 * the title of the page it shows (a layout shows none of its own).
 */
export function routeEntry(name: RouteName, title?: RouteTitle): { path: string; handle: RouteHandle } {
  return { path: appPaths[name], handle: routeHandle(name, title) };
}

/** The name (and title) of an index route or a layout that shares its parent's path. */
export function routeHandle(name: RouteName, title?: RouteTitle): RouteHandle {
  return title ? { name, title } : { name };
}
