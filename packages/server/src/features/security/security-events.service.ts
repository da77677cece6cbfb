import type { FastifyBaseLogger } from 'fastify';
import type { SecurityEventsRepository } from './security-events.repository.js';

export const securityEventTypes = ['signIn', 'signInFailed'] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

const bucketMs = 6 * 3_600_000;
const keepMs = 30 * 86_400_000;

export interface SecurityEventInput {
  account: string;
  type: SecurityEventType;
  ip: string;
  userAgent: string;
  protocol: 'web' | 'imap' | 'smtp';
}

/**
 * The security log: sign-ins and failed sign-ins (later also changes of password, two-factor, passkeys,
 * application passwords, filters and forwarding). Events with the same account, type, IP, user agent
 * and protocol inside one 6-hour bucket merge into one row with a count; rows are kept 30 days.
 * Writing the log never fails the request it describes.
 */
export class SecurityEventsService {
  constructor(
    private readonly events: SecurityEventsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(input: SecurityEventInput, now = Date.now()): Promise<void> {
    const key = {
      account: input.account.toLowerCase().slice(0, 256),
      type: input.type,
      ip: input.ip.slice(0, 64),
      user_agent: input.userAgent.slice(0, 512),
      protocol: input.protocol,
    };
    try {
      await this.events.add(key, Math.floor(now / bucketMs) * bucketMs, now);
    } catch (err) {
      this.log.error({ err }, 'could not write a security event');
    }
  }

  recent(account: string, limit = 100) {
    return this.events.listRecent(account.toLowerCase(), limit);
  }

  prune(now = Date.now()): Promise<void> {
    return this.events.deleteOlderThan(now - keepMs);
  }
}
