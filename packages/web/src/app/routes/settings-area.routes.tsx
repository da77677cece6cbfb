import { redirect, type RouteObject } from 'react-router';
import { appHref } from '../../shared/routing/app-paths';
import { routeEntry } from './route-entry';

/**
 * Settings (route SettingsLayout, /u/{i}/settings). Only working pages exist; each one also has a row in
 * `layouts/settings/settings-pages.ts`, which draws the settings sidebar and gates a page the plan disables. A
 * page's entry loads its feature's page component directly. The index opens the first page (on small screens it is
 * the list itself).
 */
export const settingsAreaRoutes: RouteObject = {
  ...routeEntry('SettingsLayout'),
  lazy: async () => ({
    Component: (await import('../../layouts/settings/settings-layout')).SettingsLayout,
  }),
  children: [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('../../layouts/settings/settings-index')).SettingsIndex,
      }),
    },
    {
      ...routeEntry('Security'),
      children: [
        // Only the external-content page of the security area works so far: the bare path opens it.
        {
          index: true,
          loader: ({ params }) => redirect(appHref('ExternalContent', { userIndex: params.userIndex })),
          element: null,
        },
        {
          ...routeEntry('ExternalContent'),
          lazy: async () => ({
            Component: (await import('../../features/settings/components/external-content-settings'))
              .ExternalContentSettingsPage,
          }),
        },
      ],
    },
    {
      ...routeEntry('Folders'),
      lazy: async () => ({
        Component: (await import('../../features/mailboxes/components/folder-settings')).FolderSettings,
      }),
    },
  ],
};
