import {
  applicationPasswordScopes,
  type ApplicationPassword,
  type ApplicationPasswordCreate,
  type ApplicationPasswordCreated,
  type ApplicationPasswordList,
  type ApplicationPasswordScope,
  type SecurityProtocol,
} from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { notFound, refusal } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { AppPasswordRow, AppPasswordsRepository } from './app-passwords.repository.js';
import type { MailCredentials } from './mail-credentials.js';
import { newApplicationPassword } from './one-time-codes.js';
import type { Actor } from './security-context.js';
import type { SecurityEventsService } from './security-events.service.js';
import { dovecotArgon2id } from './slow-hash.js';
import type { TwoFactorService } from './two-factor.service.js';

/**
 * Application passwords for mail clients: 16 lowercase letters, shown once. The mail server's credentials
 * database gets the credential (selector = the first four letters, the `{ARGON2ID}` hash of all sixteen, the
 * protocols); the webmail's own database the description and the last use, which the mail server reports.
 * Creating one needs a recent re-authentication (it is a new way into the mailbox).
 */
export class AppPasswordsService {
  constructor(
    private readonly repo: AppPasswordsRepository,
    private readonly credentials: MailCredentials | null,
    private readonly twoFactor: TwoFactorService,
    private readonly events: SecurityEventsService,
    private readonly publish: PublishEvent,
    private readonly max: number,
    /** Ends the account's open mail-server sessions (the revoked password's among them). */
    private readonly endMailSessions: (email: string) => Promise<void> = async () => {},
  ) {}

  async list(email: string): Promise<ApplicationPasswordList> {
    const rows = await this.repo.list(email);
    return { supported: this.credentials !== null, max: this.max, items: rows.map(toItem) };
  }

  async create(actor: Actor, input: ApplicationPasswordCreate): Promise<ApplicationPasswordCreated> {
    const credentials = this.supported();
    await this.twoFactor.requireRecentCheck(actor.session);
    const email = actor.session.email;
    if ((await this.repo.count(email)) >= this.max) {
      throw refusal(
        'Forbidden',
        403,
        'tooManyApplicationPasswords',
        `At most ${this.max} application passwords`,
      );
    }
    const scopes = normalizeScopes(input.scopes);
    const taken = await credentials.selectorsOf(email);
    let password = newApplicationPassword();
    // The selector finds the row at login, so it is unique per account.
    while (taken.has(password.slice(0, 4))) password = newApplicationPassword();
    const row: AppPasswordRow = {
      id: randomToken(12),
      account: email,
      description: input.description,
      scopes: scopes.join(','),
      created_at: Date.now(),
      last_used_at: null,
      last_ip: null,
      last_protocol: null,
    };
    const opens = (p: 'imap' | 'pop3' | 'smtp') => scopes.includes('all') || scopes.includes(p);
    await credentials.addAppPassword({
      id: row.id,
      email,
      selector: password.slice(0, 4),
      hash: await dovecotArgon2id(password),
      // The form the page shows; a mail app given it with its spaces is let in by the mail server's second passdb.
      groupedHash: await dovecotArgon2id(password.replace(/(.{4})(?=.)/g, '$1 ')),
      imap: opens('imap'),
      pop3: opens('pop3'),
      smtp: opens('smtp'),
    });
    await this.repo.insert(row);
    await this.log(actor, 'applicationPasswordCreated');
    this.publish(email, { command: 'applicationPasswordAdded', id: row.id });
    return { item: toItem(row), password };
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const email = actor.session.email;
    // The mail server's row first: once it is gone no client gets in, whatever happens next.
    await this.credentials?.removeAppPassword(email, id);
    if (!(await this.repo.remove(email, id)))
      throw notFound('Application password', 'applicationPasswordNotFound');
    await this.endMailSessions(email);
    await this.log(actor, 'applicationPasswordDeleted');
    this.publish(email, { command: 'applicationPasswordRemoved', id });
  }

  /** A use the mail server reported: the last use is noted, the log gets an entry. */
  async noteUse(email: string, id: string, use: { ip: string; protocol: SecurityProtocol }): Promise<void> {
    const known = await this.repo.noteUse(email, id, { at: Date.now(), ...use });
    if (!known) return;
    await this.events.record({ account: email, type: 'applicationPasswordUsed', userAgent: '', ...use });
  }

  private supported(): MailCredentials {
    if (!this.credentials) {
      throw refusal(
        'Forbidden',
        403,
        'applicationPasswordsUnsupported',
        'This mail server does not take application passwords',
      );
    }
    return this.credentials;
  }

  private log(actor: Actor, type: 'applicationPasswordCreated' | 'applicationPasswordDeleted') {
    return this.events.record({ account: actor.session.email, type, protocol: 'web', ...actor.client });
  }
}

function normalizeScopes(scopes: ApplicationPasswordScope[]): ApplicationPasswordScope[] {
  if (scopes.includes('all')) return ['all'];
  return applicationPasswordScopes.filter((s) => scopes.includes(s));
}

function toItem(row: AppPasswordRow): ApplicationPassword {
  return {
    id: row.id,
    description: row.description,
    scopes: row.scopes.split(',').filter(Boolean) as ApplicationPasswordScope[],
    createdAt: Number(row.created_at),
    lastUse:
      row.last_used_at === null
        ? null
        : {
            at: Number(row.last_used_at),
            ip: row.last_ip ?? '',
            protocol: (row.last_protocol ?? 'imap') as SecurityProtocol,
          },
  };
}
