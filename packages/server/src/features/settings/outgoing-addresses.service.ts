import { createHash, randomInt } from 'node:crypto';
import {
  outgoingAddressLimits as limits,
  type Language,
  type OutgoingAddress,
  type OutgoingAddressCreate,
  type OutgoingAddressPatch,
} from '@webmail/contracts';
import { randomToken, safeEqual } from '../../infra/crypto.js';
import { AppError, notFound, refusal, validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { OutgoingAddressesRepository, OutgoingAddressRow } from './outgoing-addresses.repository.js';
import type { SenderLogins } from './sender-logins.js';
import type { VerificationMail } from './verification-mail.js';

const hourMs = 3_600_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
/** The code is hashed with its row id, so equal codes of two rows never hash alike. */
const codeHash = (id: string, code: string) => sha256(`${id}\n${code}`);

export interface VerificationRequest {
  language: Language;
}

/** Who made a change, for the security log. */
export interface ChangeOrigin {
  ip: string;
  userAgent: string;
}

/** The security log (the security feature's, through the composition root); writing it never fails a change. */
export type OutgoingAddressLog = (
  account: string,
  type: 'outgoingAddressVerified' | 'outgoingAddressDeleted',
  origin: ChangeOrigin,
) => Promise<void>;

export interface OutgoingAddressesDeps {
  repo: OutgoingAddressesRepository;
  /** The mail server's sender-login table; null when the deployment has none. */
  senderLogins: SenderLogins | null;
  sendMail: (mail: VerificationMail) => Promise<void>;
  nameOf: (email: string) => Promise<string>;
  publish: PublishEvent;
  securityLog: OutgoingAddressLog;
  /** PUBLIC_URL, where the mail's link points; null = the mail carries only the code. */
  publicUrl: string | null;
}

/**
 * Outgoing addresses: added unverified with a verification mail (a six-digit code and a link, both hashed at rest,
 * valid 24 hours, the code spent after five wrong tries), verified by either, then written to the mail server's
 * sender-login table. Verification mails are limited per account and per address.
 */
export class OutgoingAddressesService {
  constructor(private readonly deps: OutgoingAddressesDeps) {}

  async list(account: string, onlyVerified = false): Promise<OutgoingAddress[]> {
    return (await this.deps.repo.list(account, onlyVerified)).map(toContract);
  }

  /** The verified addresses and their names: the From choices besides the account (compose reads these). */
  async senders(account: string): Promise<{ address: string; name: string }[]> {
    return (await this.deps.repo.list(account, true)).map((r) => ({ address: r.address, name: r.name }));
  }

  async create(mail: MailSession, input: OutgoingAddressCreate, request: VerificationRequest) {
    const account = mail.email;
    const address = input.address.trim().toLowerCase();
    if (address === account.toLowerCase())
      throw validationError({
        address: [{ code: 'notAllowed', message: 'This is the address of the account itself' }],
      });
    const existing = (await this.deps.repo.list(account)).find((r) => r.address === address);
    if (existing)
      throw refusal('ValidationError', 422, 'outgoingAddressExists', 'This address is already on the list');
    if ((await this.deps.repo.count(account)) >= limits.max)
      throw refusal(
        'ValidationError',
        422,
        'outgoingAddressLimit',
        `At most ${limits.max} outgoing addresses`,
      );
    await this.checkMailLimit(account, Date.now());
    const now = Date.now();
    const row: OutgoingAddressRow = {
      id: randomToken(12),
      account,
      address,
      name: input.name ?? '',
      verified: 0,
      code_hash: null,
      token_hash: null,
      code_expires_at: null,
      code_attempts: 0,
      code_sent_at: null,
      created_at: now,
      updated_at: now,
    };
    await this.deps.repo.insert(row);
    try {
      await this.sendCode(mail, row, request);
    } catch (err) {
      // Nothing was sent: the address does not stay half-added.
      await this.deps.repo.remove(account, row.id);
      throw err;
    }
    this.deps.publish(account, { command: 'whitelistEmailUpdated', id: row.id });
    return this.get(account, row.id);
  }

  async resend(mail: MailSession, id: string, request: VerificationRequest): Promise<OutgoingAddress> {
    const row = await this.row(mail.email, id);
    if (row.verified) return toContract(row);
    const wait = Number(row.code_sent_at ?? 0) + limits.resendIntervalMs - Date.now();
    if (wait > 0) throw rateLimited(wait, 'A verification mail was sent to this address a moment ago');
    await this.checkMailLimit(mail.email, Date.now());
    await this.sendCode(mail, row, request);
    this.deps.publish(mail.email, { command: 'whitelistEmailUpdated', id });
    return this.get(mail.email, id);
  }

  async verify(account: string, id: string, code: string, origin: ChangeOrigin): Promise<OutgoingAddress> {
    const row = await this.row(account, id);
    if (row.verified) return toContract(row);
    if (
      !row.code_hash ||
      Number(row.code_expires_at) < Date.now() ||
      row.code_attempts >= limits.codeAttemptsMax
    )
      throw validationError({
        code: [{ code: 'codeExpired', message: 'The code has expired or was used up; send a new one' }],
      });
    // Compared as hashes of equal length in constant time: the time taken tells nothing about the code.
    if (!safeEqual(codeHash(row.id, code), row.code_hash)) {
      await this.deps.repo.countWrongCode(account, id, Date.now());
      throw validationError({ code: [{ code: 'wrongCode', message: 'The code is not valid' }] });
    }
    return this.markVerified(row, origin);
  }

  /** The link of the mail: its token is the proof, whoever opens it. */
  async verifyLink(token: string, origin: ChangeOrigin): Promise<OutgoingAddress> {
    const row = await this.deps.repo.findByToken(sha256(token));
    if (!row) throw notFound('Outgoing address', 'outgoingAddressNotFound');
    if (row.verified) return toContract(row);
    if (Number(row.code_expires_at) < Date.now())
      throw validationError({
        token: [{ code: 'codeExpired', message: 'The link has expired; send a new one' }],
      });
    return this.markVerified(row, origin);
  }

  async update(account: string, id: string, patch: OutgoingAddressPatch): Promise<OutgoingAddress> {
    await this.row(account, id);
    await this.deps.repo.update(account, id, { name: patch.name ?? '', updated_at: Date.now() });
    this.deps.publish(account, { command: 'whitelistEmailUpdated', id });
    return this.get(account, id);
  }

  async remove(account: string, id: string, origin: ChangeOrigin): Promise<void> {
    const row = await this.row(account, id);
    // The mail server forgets it first: a failure there leaves the address listed (and removable again).
    await this.deps.senderLogins?.revoke(row.address, account);
    await this.deps.repo.remove(account, id);
    this.deps.publish(account, { command: 'whitelistEmailDeleted', id });
    if (row.verified) await this.deps.securityLog(account, 'outgoingAddressDeleted', origin);
  }

  private async markVerified(row: OutgoingAddressRow, origin: ChangeOrigin): Promise<OutgoingAddress> {
    await this.deps.senderLogins?.allow(row.address, row.account);
    await this.deps.repo.update(row.account, row.id, {
      verified: 1,
      code_hash: null,
      token_hash: null,
      code_expires_at: null,
      code_attempts: 0,
      updated_at: Date.now(),
    });
    this.deps.publish(row.account, { command: 'whitelistEmailUpdated', id: row.id });
    await this.deps.securityLog(row.account, 'outgoingAddressVerified', origin);
    return this.get(row.account, row.id);
  }

  /** A new code and link (the old ones stop working), mailed to the address. */
  private async sendCode(mail: MailSession, row: OutgoingAddressRow, request: VerificationRequest) {
    const code = String(randomInt(0, 10 ** limits.codeLength)).padStart(limits.codeLength, '0');
    const token = randomToken(32);
    const now = Date.now();
    try {
      await this.deps.sendMail({
        account: mail.email,
        name: await this.deps.nameOf(mail.email),
        login: await mail.login(),
        address: row.address,
        link: this.deps.publicUrl && `${this.deps.publicUrl}/api/settings/whitelist/confirm/${token}`,
        code,
        language: request.language,
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      const failure = refusal(
        'MailServerError',
        502,
        'verificationMailFailed',
        'The verification mail could not be sent',
      );
      failure.cause = err;
      throw failure;
    }
    await this.deps.repo.recordMail(mail.email, now, hourMs);
    await this.deps.repo.update(mail.email, row.id, {
      code_hash: codeHash(row.id, code),
      token_hash: sha256(token),
      code_expires_at: now + limits.codeTtlMs,
      code_attempts: 0,
      code_sent_at: now,
      updated_at: now,
    });
  }

  private async checkMailLimit(account: string, now: number): Promise<void> {
    const sent = await this.deps.repo.mailsSince(account, now - hourMs);
    if (sent.length >= limits.mailsPerHour)
      throw rateLimited(sent[0]! + hourMs - now, 'Too many verification mails; try again later');
  }

  private async row(account: string, id: string): Promise<OutgoingAddressRow> {
    const row = await this.deps.repo.find(account, id);
    if (!row) throw notFound('Outgoing address', 'outgoingAddressNotFound');
    return row;
  }

  private async get(account: string, id: string): Promise<OutgoingAddress> {
    return toContract(await this.row(account, id));
  }
}

function rateLimited(waitMs: number, message: string): AppError {
  const seconds = String(Math.max(1, Math.ceil(waitMs / 1000)));
  return new AppError(
    'RateLimited',
    429,
    message,
    undefined,
    { 'Retry-After': seconds },
    { reason: 'rateLimited' },
  );
}

function toContract(row: OutgoingAddressRow): OutgoingAddress {
  return {
    id: row.id,
    address: row.address,
    name: row.name,
    verified: row.verified === 1,
    created: new Date(Number(row.created_at)).toISOString(),
    codeSent:
      row.verified || row.code_sent_at == null ? null : new Date(Number(row.code_sent_at)).toISOString(),
  };
}
