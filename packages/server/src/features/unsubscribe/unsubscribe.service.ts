import type { FastifyBaseLogger } from 'fastify';
import type { UnsubscribeResult } from '@webmail/contracts';
import { AppError, notFound, refusal } from '../../infra/errors.js';
import type { OutboundPolicy } from '../../infra/outbound/address-policy.js';
import type { MailLogin } from '../../mail/mail-access.js';
import type { MailSession } from '../../mail/mail-session.js';
import { unsubscribeTargets, type UnsubscribeMailto } from '../../mail/mime/list-unsubscribe.js';
import { headerValue } from '../../mail/mime/thread-id.js';
import { postOneClick } from './one-click-post.js';

/** Who asked, for the security log. */
export interface UnsubscribeOrigin {
  ip: string;
  userAgent: string;
}

export interface UnsubscribeMail extends UnsubscribeMailto {
  account: string;
  name: string;
  login: MailLogin;
}

export interface UnsubscribeServiceDeps {
  policy: OutboundPolicy;
  timeoutMs: number;
  /** Sends the list's unsubscribe mail as the user through the submission door. */
  sendMail: (mail: UnsubscribeMail) => Promise<void>;
  nameOf: (email: string) => Promise<string>;
  /** Writes "left a list" to the account's security log. */
  securityLog: (account: string, origin: UnsubscribeOrigin) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Leaves the list of one message the best way it offers: the one-click POST (RFC 8058) by the server, else the
 * `mailto:` mail sent as the user, else the list's page returned for the browser to open (the server does nothing
 * there: a page may ask questions only the user can answer). What the server did in the user's name goes to their
 * security log. The targets are read again from the message, never taken from the client, so a request can only
 * reach what the message itself names.
 */
export class UnsubscribeService {
  constructor(private readonly deps: UnsubscribeServiceDeps) {}

  async unsubscribe(
    mail: MailSession,
    mailboxId: string,
    uid: number,
    origin: UnsubscribeOrigin,
  ): Promise<UnsubscribeResult> {
    const targets = await mail.inFolder(mailboxId, async (folder) => {
      const query = { uid: true, headers: ['list-unsubscribe', 'list-unsubscribe-post'] };
      const row = await folder.fetchOne(uid, query, true);
      if (!row) throw notFound('Message', 'messageNotFound');
      return unsubscribeTargets(
        headerValue(row.headers, 'list-unsubscribe'),
        headerValue(row.headers, 'list-unsubscribe-post'),
        (host) => this.deps.policy.allowHosts.has(host),
      );
    });
    if (targets.oneClick) {
      await this.oneClick(targets.oneClick);
      await this.deps.securityLog(mail.email, origin);
      return { method: 'oneClick', url: null };
    }
    if (targets.mailto) {
      await this.mailto(mail, targets.mailto);
      await this.deps.securityLog(mail.email, origin);
      return { method: 'mailto', url: null };
    }
    if (targets.url) return { method: 'url', url: targets.url };
    throw refusal(
      'ValidationError',
      422,
      'unsubscribeNotAvailable',
      'The message names no way to unsubscribe',
    );
  }

  private async oneClick(url: string): Promise<void> {
    try {
      await postOneClick(url, this.deps.policy, this.deps.timeoutMs);
    } catch (err) {
      // A refused address or a URL that is none: the list asked for something the policy does not allow.
      if (err instanceof AppError && (err.status === 403 || err.status === 422)) {
        throw refusal(
          'ValidationError',
          422,
          'unsubscribeAddressNotAllowed',
          'The unsubscribe address is not allowed',
        );
      }
      this.deps.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'one-click unsubscribe failed',
      );
      throw refusal(
        'RemoteServerError',
        502,
        'unsubscribeFailed',
        'The list server did not confirm the unsubscribe',
      );
    }
  }

  private async mailto(mail: MailSession, target: UnsubscribeMailto): Promise<void> {
    const message = {
      account: mail.email,
      name: await this.deps.nameOf(mail.email),
      login: await mail.login(),
    };
    try {
      await this.deps.sendMail({ ...message, ...target });
    } catch (err) {
      this.deps.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'unsubscribe mail failed',
      );
      throw refusal('RemoteServerError', 502, 'unsubscribeFailed', 'The unsubscribe mail could not be sent');
    }
  }
}
