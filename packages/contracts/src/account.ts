import { z } from 'zod';
import { singleLine } from './text-fields.js';
import { Quota } from './mailboxes.js';
import { Language } from './locales.js';
import { isIanaTimeZone } from './time-zones.js';

/** User details: reading pane layout (three panels or two). */
export const viewModes = ['3-panel', '2-panel'] as const;
export const ViewMode = z.enum(viewModes);
export type ViewMode = z.infer<typeof ViewMode>;

export const displayDensities = ['default', 'comfortable', 'compact'] as const;
export const DisplayDensity = z.enum(displayDensities);
export type DisplayDensity = z.infer<typeof DisplayDensity>;

/** Colour themes, each with a dark variant (the web's `theme-palettes.ts` defines all eight). */
export const themeNames = [
  'blue',
  'blue-dark',
  'red',
  'red-dark',
  'green',
  'green-dark',
  'gray',
  'gray-dark',
] as const;
export const ThemeName = z.enum(themeNames);
export type ThemeName = z.infer<typeof ThemeName>;
export const themeColors = ['blue', 'red', 'green', 'gray'] as const;
export const ThemeColor = z.enum(themeColors);
export type ThemeColor = z.infer<typeof ThemeColor>;

/** Display name: required, 2 to 30 characters. */
export const displayNameLimits = { minLength: 2, maxLength: 30 } as const;

export const disabledFeatureNames = [
  'targets',
  'folders',
  'signatures',
  'autoreply',
  'contacts',
  'filters',
] as const;
export const DisabledFeature = z.enum(disabledFeatureNames);
export type DisabledFeature = z.infer<typeof DisabledFeature>;

/**
 * Features that need the webmail to act on the mailbox while its owner is signed out. A deployment whose mail
 * server gives the webmail no door of its own (MAIL_ACCESS=password) cannot: they are listed as unavailable.
 */
export const ownerAbsentFeatureNames = ['retentionWhileAway', 'sendLater', 'snooze'] as const;
export const UnavailableFeature = z.object({
  feature: z.enum(ownerAbsentFeatureNames),
  /** `ownerMustBeSignedIn`: it works only while a session of the account is open. */
  reason: z.enum(['ownerMustBeSignedIn']),
});
export type UnavailableFeature = z.infer<typeof UnavailableFeature>;

export const UserDetailsMeta = z.object({
  ui: z.object({ theme: ThemeName, color: ThemeColor }),
  displayDensity: DisplayDensity,
  inboxType: z.enum(['default']),
  showContactList: z.boolean(),
  onBoardingCompleted: z.boolean(),
  browserTimezoneSet: z.boolean(),
  initialVersion: z.number().int(),
});

/** User details (GET /u/{i}/details). */
export const UserDetails = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    targets: z.array(z.string()),
    quota: Quota.nullable(),
    spamLevel: z.number().int().min(0).max(100),
    timezone: z.string().nullable(),
    view_mode: ViewMode,
    language: Language,
    meta: UserDetailsMeta,
    disabledFeatures: z.array(DisabledFeature),
    /** What this deployment cannot do, with the reason (absent = nothing). */
    unavailableFeatures: z.array(UnavailableFeature).optional(),
  })
  .meta({ id: 'UserDetails' });
export type UserDetails = z.infer<typeof UserDetails>;

/** PATCH /details body: every field optional; `meta` fields merge into the stored ones. */
export const UserDetailsPatch = z
  .object({
    name: singleLine(
      z
        .string()
        .trim()
        .min(displayNameLimits.minLength, 'The display name must be at least 2 characters')
        .max(displayNameLimits.maxLength, 'The display name can be at most 30 characters'),
    ).optional(),
    view_mode: ViewMode.optional(),
    ui: z.object({ theme: ThemeName, color: ThemeColor }).strict().optional(),
    displayDensity: DisplayDensity.optional(),
    inboxType: z.enum(['default']).optional(),
    showContactList: z.boolean().optional(),
    onBoardingCompleted: z.boolean().optional(),
    timezone: z.string().min(1).max(64).refine(isIanaTimeZone, 'Not a known IANA time zone').optional(),
  })
  .strict();
export type UserDetailsPatch = z.infer<typeof UserDetailsPatch>;
