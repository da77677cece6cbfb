import {
  DisplayDensity,
  ThemeColor,
  ThemeName,
  ViewMode,
  type Language,
  type UnavailableFeature,
  type UserDetails,
  type UserDetailsPatch,
} from '@webmail/contracts';
import { z } from 'zod';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { PlanFeatures } from '../upgrade/plan-features.service.js';
import type { UserSettingsRepository } from './user-settings.repository.js';

/** The app version new accounts start with (user details `initialVersion`). */
const currentAppVersion = 3;

/**
 * The stored document. Every field has a default, so a document written by an older build (or a field
 * added later) still reads; an unreadable value falls back to its default rather than failing the page.
 */
const StoredSettings = z.object({
  view_mode: ViewMode.catch('3-panel'),
  ui: z.object({ theme: ThemeName, color: ThemeColor }).catch({ theme: 'blue', color: 'blue' }),
  displayDensity: DisplayDensity.catch('default'),
  inboxType: z.literal('default').catch('default'),
  showContactList: z.boolean().catch(true),
  onBoardingCompleted: z.boolean().catch(false),
  browserTimezoneSet: z.boolean().catch(false),
  timezone: z.string().nullable().catch(null),
  /**
   * The app version the account first signed in with (version 3 gets onboarding with a welcome modal). An account
   * without a stored document is new to this build: version 3; a stored value (an account carried over from an
   * older version) is kept, as no patch can change it.
   */
  initialVersion: z.number().int().catch(currentAppVersion),
});
type StoredSettings = z.infer<typeof StoredSettings>;

/** Forwarding targets and spam level of an account (the filters feature's; passed by the composition root). */
export interface MailDeliverySettings {
  detailsOf(account: string): Promise<{ targets: string[]; spamLevel: number }>;
}

/** User details: the account, its stored preferences and what the deployment switched off. */
export class DetailsService {
  constructor(
    private readonly settings: UserSettingsRepository,
    private readonly auth: Pick<AuthService, 'nameOf' | 'rename'>,
    private readonly mailboxes: MailboxesService,
    private readonly plan: Pick<PlanFeatures, 'disabledFor'>,
    private readonly publish: PublishEvent,
    private readonly delivery: MailDeliverySettings,
    /** Off (ONBOARDING_TOUR=false): onboarding reads as completed for everyone, so the tour is never offered. */
    private readonly onboardingTour = true,
    /** What the deployment cannot do (password mode: nothing runs for an owner who is signed out). */
    private readonly unavailableFeatures: UnavailableFeature[] = [],
  ) {}

  async get(mail: MailSession, language: Language): Promise<UserDetails> {
    const [stored, name, quota, delivery, disabledFeatures] = await Promise.all([
      this.read(mail.email),
      this.auth.nameOf(mail.email),
      this.mailboxes.quotaOf(mail),
      this.delivery.detailsOf(mail.email),
      this.plan.disabledFor(mail.email),
    ]);
    return {
      id: mail.email,
      name,
      address: mail.email,
      targets: delivery.targets,
      quota,
      spamLevel: delivery.spamLevel,
      timezone: stored.timezone,
      view_mode: stored.view_mode,
      language,
      meta: {
        ui: stored.ui,
        displayDensity: stored.displayDensity,
        inboxType: stored.inboxType,
        showContactList: stored.showContactList,
        onBoardingCompleted: stored.onBoardingCompleted || !this.onboardingTour,
        browserTimezoneSet: stored.browserTimezoneSet,
        initialVersion: stored.initialVersion,
      },
      disabledFeatures,
      unavailableFeatures: this.unavailableFeatures,
    };
  }

  async update(mail: MailSession, patch: UserDetailsPatch, language: Language): Promise<UserDetails> {
    const { name, timezone, ...preferences } = patch;
    if (name !== undefined) await this.auth.rename(mail.email, name);
    const stored = await this.read(mail.email);
    const next: StoredSettings = { ...stored };
    for (const [key, value] of Object.entries(preferences)) {
      if (value !== undefined) Object.assign(next, { [key]: value });
    }
    // The client sends the browser's timezone once; after that it is the user's choice.
    if (timezone !== undefined) Object.assign(next, { timezone, browserTimezoneSet: true });
    await this.settings.save(mail.email, next, Date.now());
    this.publish(mail.email, { command: 'accountDetailsUpdated' });
    return this.get(mail, language);
  }

  /** The account's time zone (null until the browser's or the user's is stored). */
  async timeZoneOf(account: string): Promise<string | null> {
    return (await this.read(account)).timezone;
  }

  private async read(account: string): Promise<StoredSettings> {
    return StoredSettings.parse((await this.settings.find(account)) ?? {});
  }
}
