import { appPaths, type RouteHandle, type RouteName } from '../../shared/routing/app-paths';

/** The path and name of a route object, from the paths table (children use full paths: one pattern per page). */
export function routeEntry(name: RouteName): { path: string; handle: RouteHandle } {
  return { path: appPaths[name], handle: { name } };
}

/** The name of an index route or a layout that shares its parent's path. */
export function routeHandle(name: RouteName): RouteHandle {
  return { name };
}
