import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { DisabledFeature } from '@webmail/contracts';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';

export interface SettingsPage {
  /** Path below /u/{i}/settings, and the key of its label (`settings:pages.{id}`). */
  id: 'folders' | 'security';
  /** Where its link leads below /u/{i}/settings when not `id` itself (an area's first working page). */
  path?: string;
  icon: ComponentType<SvgIconProps>;
  /** The plan flag that gates the page (spec §2 gated features, §6). */
  feature?: DisabledFeature;
}

/**
 * The settings sidebar (spec §2). The spec lists nine entries, in this order: account, general, appearance,
 * security, filters, signatures, autoreply, folders, contacts. Only pages that work are listed: each issue that
 * ships one adds its row here (keeping that order), its route in `app/router.tsx` and its label key.
 */
export const settingsPages: readonly SettingsPage[] = [
  { id: 'security', path: 'security/content', icon: SecurityOutlinedIcon },
  { id: 'folders', icon: FolderOutlinedIcon, feature: 'folders' },
];

export const settingsPath = (userIndex: number, page?: SettingsPage) =>
  `/u/${userIndex}/settings${page ? `/${page.path ?? page.id}` : ''}`;

export function isPageAvailable(page: SettingsPage, disabledFeatures: readonly DisabledFeature[]): boolean {
  return page.feature === undefined || !disabledFeatures.includes(page.feature);
}

/** The first page the plan allows (the settings index opens it), else the first page. */
export function firstSettingsPage(disabledFeatures: readonly DisabledFeature[]): SettingsPage {
  return settingsPages.find((page) => isPageAvailable(page, disabledFeatures)) ?? settingsPages[0]!;
}

/** Whether the address is in the settings area, and which page of it is open (null on the index). */
export function useSettingsLocation(): { inSettings: boolean; page: SettingsPage | null } {
  const { pathname } = useLocation();
  const match = /^\/u\/[^/]+\/settings(?:\/([^/]+))?/.exec(pathname);
  if (!match) return { inSettings: false, page: null };
  return { inSettings: true, page: settingsPages.find((page) => page.id === match[1]) ?? null };
}
