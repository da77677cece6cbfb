import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import ReplyAllOutlinedIcon from '@mui/icons-material/ReplyAllOutlined';
import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { DisabledFeature } from '@webmail/contracts';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { useLocation, type PathParam } from 'react-router';
import { namespaces, type Namespace } from '../../app/i18n/namespaces';
import { useTranslation } from '../../shared/i18n/translation';
import { appHref, type appPaths, isWithin, type RouteName } from '../../shared/routing/app-paths';

/** The pages below /u/{i}/settings that need no parameter but the user index. */
export type SettingsRouteName = {
  [N in RouteName]: (typeof appPaths)[N] extends `/u/:userIndex/settings/${string}`
    ? PathParam<(typeof appPaths)[N]> extends 'userIndex'
      ? N
      : never
    : never;
}[RouteName];

/** A text key with its namespace: `mailboxes:settingsPage.title`. */
export type SettingsPageLabel = Extract<ParseKeys<Namespace[]>, `${Namespace}:${string}`>;

export interface SettingsPage {
  /** Unique among the rows (the list's React key). */
  id: string;
  /** The page its link opens. */
  route: SettingsRouteName;
  /** The route the entry stands for when it is an area of several pages: it is current anywhere below it. */
  area?: SettingsRouteName;
  /** The area's other pages, served by the same component (it tells them apart by the address). */
  areaPages?: readonly SettingsRouteName[];
  /** The entry's name (sidebar, page heading, title): a key of the page's own namespace. */
  label: SettingsPageLabel;
  icon: ComponentType<SvgIconProps>;
  /** The plan flag that gates the page: disabled, the entry says so and the page shows `FeatureUnavailable`. */
  feature?: DisabledFeature;
  /** The page itself: its feature's page component, loaded when the page is opened. */
  load: () => Promise<ComponentType>;
  /**
   * An area of several pages under one entry: each its own route below `area`, shown as tabs above the page (the
   * row's `route` and `load` are its first tab).
   */
  tabs?: readonly SettingsTab[];
  /**
   * Pages below the row's route that have no entry of their own (an editor opened from the row's page): routes of
   * the area, the row's entry stays current on them.
   */
  morePages?: readonly SettingsSubpage[];
}

/** A page below a settings page, reached from it (its path may carry more parameters than the user index). */
export interface SettingsSubpage {
  route: RouteName;
  load: () => Promise<ComponentType>;
}

/** One page of an area: its route, its tab label (a key of its own namespace) and its component. */
export interface SettingsTab {
  route: SettingsRouteName;
  label: SettingsPageLabel;
  load: () => Promise<ComponentType>;
}

/**
 * The settings pages: one row per page that works, in the product's order (account, general, appearance, security,
 * filters, signatures, autoreply, folders, contacts). The sidebar, the small-screen list, the page heading, the plan
 * gate and the settings area's routes (`app/routes/settings-area.routes.tsx`) are all made from these rows. A page
 * arrives with its row, its path in the paths table and its label in its own namespace — never as a placeholder.
 */
export const settingsPages: readonly SettingsPage[] = [
  {
    id: 'account',
    route: 'Account',
    label: 'settings:pages.account',
    icon: AccountCircleOutlinedIcon,
    load: async () => (await import('../../features/settings/components/account-page')).AccountPage,
    // The settings tree has no entry of their own for outgoing addresses; they belong to the account.
    morePages: [
      {
        route: 'OutgoingAddresses',
        load: async () =>
          (await import('../../features/settings/components/outgoing-addresses-page')).OutgoingAddressesPage,
      },
    ],
  },
  {
    id: 'general',
    route: 'General',
    label: 'settings:pages.general',
    icon: TuneOutlinedIcon,
    load: async () => (await import('./general-settings-page')).GeneralSettingsPage,
  },
  {
    id: 'appearance',
    route: 'Appearance',
    label: 'settings:pages.appearance',
    icon: PaletteOutlinedIcon,
    load: async () => (await import('../../features/settings/components/appearance-page')).AppearancePage,
  },
  {
    id: 'security',
    route: 'Settings2FA',
    area: 'Security',
    label: 'settings:pages.security',
    icon: SecurityOutlinedIcon,
    load: async () => (await import('../../features/security/components/two-factor-page')).TwoFactorPage,
    tabs: [
      {
        route: 'Settings2FA',
        label: 'security:tabs.twoFactor',
        load: async () => (await import('../../features/security/components/two-factor-page')).TwoFactorPage,
      },
      {
        route: 'ApplicationPasswords',
        label: 'security:tabs.applicationPasswords',
        load: async () =>
          (await import('../../features/security/components/app-passwords-page')).AppPasswordsPage,
      },
      {
        route: 'AccountPassword',
        label: 'security:tabs.password',
        load: async () => (await import('../../features/security/components/password-page')).PasswordPage,
      },
      {
        route: 'Events',
        label: 'security:tabs.events',
        load: async () => (await import('../../features/security/components/events-page')).EventsPage,
      },
      {
        route: 'ExternalContent',
        label: 'settings:pages.externalContent',
        load: async () =>
          (await import('../../features/settings/components/external-content-settings'))
            .ExternalContentSettingsPage,
      },
    ],
  },
  {
    id: 'filters',
    route: 'Filters',
    label: 'filters:title',
    icon: FilterAltOutlinedIcon,
    feature: 'filters',
    load: async () => (await import('../../features/filters/components/filters-page')).FiltersPage,
  },
  {
    id: 'signatures',
    route: 'Signature',
    label: 'signatures:title',
    icon: DrawOutlinedIcon,
    feature: 'signatures',
    load: async () => (await import('../../features/signatures/components/signatures-page')).SignaturesPage,
    morePages: [
      {
        route: 'SignatureEdit',
        load: async () =>
          (await import('../../features/signatures/components/signature-edit-page')).SignatureEditPage,
      },
    ],
  },
  {
    id: 'autoreply',
    route: 'Autoreply',
    label: 'filters:autoreply.title',
    icon: ReplyAllOutlinedIcon,
    feature: 'autoreply',
    load: async () => (await import('../../features/filters/components/autoreply-page')).AutoreplyPage,
  },
  {
    id: 'folders',
    route: 'Folders',
    label: 'mailboxes:settingsPage.title',
    icon: FolderOutlinedIcon,
    feature: 'folders',
    load: async () => (await import('./folder-settings-page')).FolderSettingsPage,
  },
  {
    id: 'contacts',
    route: 'ContactsAddressBooks',
    area: 'Contacts',
    areaPages: ['ContactsList', 'ContactsGroups'],
    label: 'contacts:settingsPage.title',
    icon: ContactsOutlinedIcon,
    feature: 'contacts',
    load: async () =>
      (await import('../../features/contacts/components/contacts-settings')).ContactsSettingsPage,
  },
];

/** The settings index, or one settings page. */
export const settingsPath = (userIndex: number, page?: SettingsPage) =>
  appHref(page ? page.route : 'SettingsLayout', { userIndex });

export function isPageAvailable(page: SettingsPage, disabledFeatures: readonly DisabledFeature[]): boolean {
  return page.feature === undefined || !disabledFeatures.includes(page.feature);
}

/** The first page the plan allows (the settings index opens it), else the first page. */
export function firstSettingsPage(disabledFeatures: readonly DisabledFeature[]): SettingsPage {
  return settingsPages.find((page) => isPageAvailable(page, disabledFeatures)) ?? settingsPages[0]!;
}

/** A page's name in the interface language (its label lives in the page's own namespace). */
export function useSettingsPageLabel(): (page: SettingsPage) => string {
  const { t } = useTranslation([...namespaces]);
  return (page) => t(page.label);
}

/** Whether the address is in the settings area, and which page of it is open (null on the index). */
export function useSettingsLocation(): { inSettings: boolean; page: SettingsPage | null } {
  const { pathname } = useLocation();
  if (!isWithin('SettingsLayout', pathname)) return { inSettings: false, page: null };
  return {
    inSettings: true,
    page: settingsPages.find((page) => isWithin(page.area ?? page.route, pathname)) ?? null,
  };
}
