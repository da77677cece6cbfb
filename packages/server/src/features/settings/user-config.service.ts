import {
  AfterRemove,
  DarkMode,
  defaultUserConfig,
  Language,
  ListMode,
  ListSort,
  PanelSizes,
  SwipeSettings,
  type UserConfig,
  type UserConfigPatch,
} from '@webmail/contracts';
import { z } from 'zod';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import type { UserConfigRepository } from './user-config.repository.js';

/** The stored document: an unreadable field (an older build, a removed value) falls back to its default. */
const StoredConfig = z.object({
  language: Language.nullable().catch(defaultUserConfig.language),
  darkMode: DarkMode.catch(defaultUserConfig.darkMode),
  listMode: ListMode.catch(defaultUserConfig.listMode),
  afterRemove: AfterRemove.catch(defaultUserConfig.afterRemove),
  shortcuts: z.boolean().catch(defaultUserConfig.shortcuts),
  listSort: ListSort.catch(defaultUserConfig.listSort),
  swipe: SwipeSettings.catch(defaultUserConfig.swipe),
  panelSizes: PanelSizes.catch(defaultUserConfig.panelSizes),
});

/**
 * The configuration store (`GET/PATCH /u/{i}/config`): settings that follow the user to every browser. A change
 * publishes `accountAttributesUpdated`, so the user's other tabs read it again.
 */
export class UserConfigService {
  constructor(
    private readonly repository: UserConfigRepository,
    private readonly publish: PublishEvent,
  ) {}

  async get(session: SessionContext): Promise<UserConfig> {
    return StoredConfig.parse((await this.repository.find(session.email)) ?? {});
  }

  async update(session: SessionContext, patch: UserConfigPatch): Promise<UserConfig> {
    const next: UserConfig = { ...(await this.get(session)) };
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) Object.assign(next, { [key]: value });
    }
    await this.repository.save(session.email, next, Date.now());
    this.publish(session.email, { command: 'accountAttributesUpdated' });
    return next;
  }
}
