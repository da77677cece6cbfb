import type { FastifyBaseLogger } from 'fastify';
import {
  securityEventsPageSize,
  type SecurityEvent,
  type SecurityEventsPage,
  type SecurityEventType,
  type SecurityProtocol,
} from '@webmail/contracts';
import { sha256 } from '../../infra/crypto.js';
import { deviceInfo } from './device-info.js';
import type { SecurityEventRow, SecurityEventsRepository } from './security-events.repository.js';

const bucketMs = 6 * 3_600_000;
const keepMs = 30 * 86_400_000;

export interface SecurityEventInput {
  account: string;
  type: SecurityEventType;
  ip: string;
  userAgent: string;
  protocol: SecurityProtocol;
}

/**
 * The security log: sign-ins and failures of every protocol (the webmail's own, and IMAP/POP3/SMTP from the mail
 * server's reports), two-factor changes and checks, passkeys, application passwords and their uses, password
 * changes and signed-out sessions. Events with the same account, type, IP, user agent and protocol inside one
 * 6-hour bucket merge into one row with a count; rows are kept 30 days. Writing the log never fails the request
 * it describes.
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

  /** One page of the account's log, newest first. */
  async page(account: string, page: number): Promise<SecurityEventsPage> {
    const email = account.toLowerCase();
    const [rows, total] = await Promise.all([
      this.events.page(email, page * securityEventsPageSize, securityEventsPageSize),
      this.events.count(email),
    ]);
    return { events: rows.map(toEvent), total, page, pageSize: securityEventsPageSize };
  }

  /** The newest rows (first page). */
  async recent(account: string): Promise<SecurityEvent[]> {
    return (await this.page(account, 0)).events;
  }

  prune(now = Date.now()): Promise<void> {
    return this.events.deleteOlderThan(now - keepMs);
  }
}

function toEvent(row: SecurityEventRow): SecurityEvent {
  return {
    // The bucket's key, hashed: stable across pages, and it names no one.
    id: sha256([row.type, row.ip, row.user_agent, row.protocol, row.bucket_start].join('\n')).slice(0, 22),
    type: row.type as SecurityEventType,
    protocol: row.protocol as SecurityProtocol,
    ip: row.ip,
    device: deviceInfo(row.user_agent),
    count: Number(row.count),
    firstAt: Number(row.first_at),
    lastAt: Number(row.last_at),
  };
}
