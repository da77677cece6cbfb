import {
  defaultExternalContentMode,
  ExternalContentMode,
  type ExternalContentSender,
  type ExternalContentSettings,
} from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { notFound } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import type { ExternalContentRepository, SenderRow } from './external-content.repository.js';

/** Whether one message may show remote content without being asked, and the mode the reader shows. */
export interface RemoteContentDecision {
  mode: ExternalContentMode;
  allowed: boolean;
}

/**
 * External-content settings (page settings/security/content, ExternalContent): the default mode and the
 * per-sender allow list. Also answers the message reader: `always`, or a listed sender, shows remote
 * content; `ask` and `never` hold it back (the reader offers "show once" only under `ask`).
 */
export class ExternalContentService {
  constructor(
    private readonly repository: ExternalContentRepository,
    private readonly publish: PublishEvent,
  ) {}

  async get(session: SessionContext): Promise<ExternalContentSettings> {
    const [mode, senders] = await Promise.all([
      this.mode(session.email),
      this.repository.listSenders(session.email),
    ]);
    return { mode, senders: senders.map(toSender) };
  }

  async setMode(session: SessionContext, mode: ExternalContentMode): Promise<ExternalContentSettings> {
    await this.repository.saveMode(session.email, mode, Date.now());
    this.publish(session.email, { command: 'remoteContentWhitelist' });
    return this.get(session);
  }

  /** Adding an address that is already listed answers the existing entry. */
  async addSender(session: SessionContext, address: string): Promise<ExternalContentSender> {
    const normalized = address.trim().toLowerCase();
    await this.repository.addSender(session.email, {
      id: randomToken(12),
      address: normalized,
      created_at: Date.now(),
    });
    const row = await this.repository.findSender(session.email, normalized);
    if (!row) throw notFound('Sender', 'senderNotFound');
    this.publish(session.email, { command: 'remoteContentWhitelist' });
    return toSender(row);
  }

  async removeSender(session: SessionContext, id: string): Promise<void> {
    if (!(await this.repository.deleteSender(session.email, id))) throw notFound('Sender', 'senderNotFound');
    this.publish(session.email, { command: 'remoteContentWhitelist' });
  }

  async decide(
    session: SessionContext,
    senderAddress: string | null | undefined,
  ): Promise<RemoteContentDecision> {
    const mode = await this.mode(session.email);
    if (mode === 'always') return { mode, allowed: true };
    const address = senderAddress?.trim().toLowerCase();
    const listed = address ? await this.repository.findSender(session.email, address) : undefined;
    return { mode, allowed: listed !== undefined };
  }

  private async mode(account: string): Promise<ExternalContentMode> {
    const parsed = ExternalContentMode.safeParse(await this.repository.findMode(account));
    return parsed.success ? parsed.data : defaultExternalContentMode;
  }
}

function toSender(row: SenderRow): ExternalContentSender {
  return { id: row.id, address: row.address, created: new Date(row.created_at).toISOString() };
}
