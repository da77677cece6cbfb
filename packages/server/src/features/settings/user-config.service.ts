import {
  defaultUserConfig,
  Language,
  ListSort,
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
  listSort: ListSort.catch(defaultUserConfig.listSort),
  swipe: SwipeSettings.catch(defaultUserConfig.swipe),
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
    if (patch.language !== undefined) next.language = patch.language;
    if (patch.listSort !== undefined) next.listSort = patch.listSort;
    if (patch.swipe !== undefined) next.swipe = patch.swipe;
    await this.repository.save(session.email, next, Date.now());
    this.publish(session.email, { command: 'accountAttributesUpdated' });
    return next;
  }
}
