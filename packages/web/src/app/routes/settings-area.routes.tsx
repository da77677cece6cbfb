import { redirect, type RouteObject } from 'react-router';
import { settingsPages, type SettingsPage } from '../../layouts/settings/settings-pages';
import { appHref, appPaths } from '../../shared/routing/app-paths';
import { routeEntry } from './route-entry';

/**
 * A settings page's route, made from its row. A row with an `area` (a group of pages under one sidebar entry) gets
 * the area's route too, whose bare path opens the row's page.
 */
function pageRoute(page: SettingsPage): RouteObject {
  const routeOf = (name: SettingsPage['route']): RouteObject => ({
    ...routeEntry(name, page.label),
    lazy: async () => ({ Component: await page.load() }),
  });
  const route = routeOf(page.route);
  if (!page.area) return route;
  const pages: RouteObject[] = page.tabs
    ? page.tabs.map((tab) => ({
        ...routeEntry(tab.route, page.label),
        lazy: async () => ({ Component: await tab.load() }),
      }))
    : [route];
  return {
    ...routeEntry(page.area),
    // An area of several pages shows them as tabs above the open one.
    ...(page.tabs
      ? {
          lazy: async () => {
            const { SettingsTabs } = await import('../../layouts/settings/settings-tabs');
            return { Component: () => <SettingsTabs page={page} /> };
          },
        }
      : {}),
    children: [
      {
        index: true,
        loader: ({ params }) => redirect(appHref(page.route, { userIndex: params.userIndex })),
        element: null,
      },
      ...pages,
      ...(page.areaPages ?? []).map(routeOf),
    ],
  };
}

/**
 * Settings (route SettingsLayout, /u/{i}/settings). The pages are the rows of `layouts/settings/settings-pages.ts`:
 * only working pages exist; any other address below settings says the page is not there. The index opens the first page (on small screens it is the list itself).
 */
export const settingsAreaRoutes: RouteObject = {
  ...routeEntry('SettingsLayout'),
  lazy: async () => ({
    Component: (await import('../../layouts/settings/settings-layout')).SettingsLayout,
  }),
  children: [
    {
      index: true,
      handle: { title: 'settings:title' },
      lazy: async () => ({
        Component: (await import('../../layouts/settings/settings-index')).SettingsIndex,
      }),
    },
    ...settingsPages.flatMap((page) => [
      pageRoute(page),
      ...(page.morePages ?? []).map((more): RouteObject => ({
        ...routeEntry(more.route, page.label),
        lazy: async () => ({ Component: await more.load() }),
      })),
    ]),
    {
      // Settings child `upgrade`: not one of the sidebar's nine entries; the upgrade button and labels lead here.
      ...routeEntry('Upgrade', 'upgrade:title'),
      lazy: async () => ({
        Component: (await import('../../features/upgrade/components/upgrade-page')).UpgradePage,
      }),
    },
    {
      // Any other address below settings (a page of a later build, a mistyped one). Two segments and a splat rank
      // above the mailbox routes (`/u/:userIndex/:mailboxId/:threadId/:messageId`), so `settings/signatures/edit` is
      // never read as a folder called "settings"; the pages above, all static, rank above it.
      path: `${appPaths.SettingsLayout}/:page/*`,
      handle: { title: 'settings:title' },
      lazy: async () => ({
        Component: (await import('../../layouts/settings/settings-page-missing')).SettingsPageMissing,
      }),
    },
  ],
};
