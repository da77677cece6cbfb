import type { FastifyBaseLogger } from 'fastify';
import { ResponseBodyError } from 'openid-client';
import { z } from 'zod';
import { decrypt, encrypt } from '../../../infra/crypto.js';
import { readJsonColumn } from '../../../infra/db/json-column.js';
import { unauthorized } from '../../../infra/errors.js';
import type { SessionContext } from '../../../infra/session/session-context.js';
import type { Clock } from '../../../infra/test-clock.js';
import type { MailLogin, TokenLogins } from '../../../mail/mail-access.js';
import type { SignInLog } from '../sign-in-log.js';
import { providerUnreachable, type OidcRelyingParty, type OidcTokens } from './oidc-relying-party.js';
import type { OidcSessionsRepository } from './oidc-sessions.repository.js';

/** What `tokens_sealed` holds once opened (`seal` writes it). */
const SealedTokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string().nullable(),
  expiresAt: z.number().nullable(),
}) satisfies z.ZodType<OidcTokens>;

/** A token is refreshed this long before the provider said it expires (clock skew, a slow request). */
const refreshMarginMs = 60_000;

/** Ends a session whose tokens can no longer be refreshed (through auth, which owns sessions). */
export type EndSession = (sessionId: string) => Promise<unknown>;

/**
 * Token pass-through: a single sign-on session's mail logins use the user's own access token, which the mail
 * server checks with the provider (Dovecot's oauth2 passdb). The tokens are sealed with the session's key (only the
 * user's cookie holds it, as a password is in password mode); the access token is refreshed before it expires and
 * once when the mail server refuses it. A refresh the provider refuses ends the session (401, the security log
 * records it); an unreachable provider is a 503 and the session stays.
 */
export class OidcMailTokens implements TokenLogins {
  /** One refresh at a time per session in this process (a rotated refresh token must not be used twice). */
  private readonly refreshing = new Map<string, Promise<OidcTokens>>();

  constructor(
    private readonly rp: OidcRelyingParty,
    private readonly sessions: OidcSessionsRepository,
    private readonly endSession: EndSession,
    private readonly signInLog: SignInLog,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The time token expiry is measured by. */
  now(): number {
    return this.clock.now();
  }

  /** What a new session keeps: the tokens sealed with its key. */
  seal(key: string, tokens: OidcTokens): string {
    return encrypt(key, JSON.stringify(tokens));
  }

  async loginFor(session: SessionContext, renew: boolean): Promise<MailLogin | null> {
    const row = await this.sessions.find(session.id);
    if (!row?.tokens_sealed) return null;
    let tokens = this.unseal(session.key, row.tokens_sealed);
    const due = tokens.expiresAt !== null && tokens.expiresAt - refreshMarginMs <= this.clock.now();
    if (renew || due) tokens = await this.refreshOnce(session, row.tokens_sealed, tokens);
    return { user: session.email, pass: '', accessToken: tokens.accessToken };
  }

  private unseal(key: string, sealed: string): OidcTokens {
    let text: string;
    try {
      text = decrypt(key, sealed);
    } catch {
      throw unauthorized('Session key does not match');
    }
    // Opened with the right key (AES-GCM checks it), so a value of another shape is a server fault, not a 401.
    return readJsonColumn(SealedTokens, text, 'oidc_sessions.tokens_sealed');
  }

  private refreshOnce(session: SessionContext, sealed: string, tokens: OidcTokens): Promise<OidcTokens> {
    let running = this.refreshing.get(session.id);
    if (!running) {
      running = this.refresh(session, sealed, tokens).finally(() => this.refreshing.delete(session.id));
      this.refreshing.set(session.id, running);
    }
    return running;
  }

  private async refresh(session: SessionContext, sealed: string, tokens: OidcTokens): Promise<OidcTokens> {
    let next: OidcTokens;
    try {
      if (!tokens.refreshToken) throw new Error('no refresh token');
      next = await this.rp.refresh(tokens.refreshToken, this.clock.now());
    } catch (err) {
      // Another process may have refreshed meanwhile (its rotation made ours stale): take its tokens.
      const row = await this.sessions.find(session.id);
      if (row?.tokens_sealed && row.tokens_sealed !== sealed)
        return this.unseal(session.key, row.tokens_sealed);
      if (!(err instanceof ResponseBodyError) && tokens.refreshToken) {
        this.log.error(
          { err: { message: err instanceof Error ? err.message : String(err) } },
          'token refresh failed',
        );
        throw providerUnreachable();
      }
      await this.end(session, err);
      throw unauthorized('The single sign-on session has ended');
    }
    if (!(await this.sessions.replaceTokens(session.id, sealed, this.seal(session.key, next)))) {
      this.log.warn('single sign-on tokens changed during a refresh; the newer ones are kept');
    }
    return next;
  }

  private async end(session: SessionContext, err: unknown): Promise<void> {
    const reason =
      err instanceof ResponseBodyError ? err.error : err instanceof Error ? err.message : 'unknown';
    this.log.warn({ reason }, 'single sign-on token refresh refused; the session ends');
    await this.endSession(session.id);
    await this.signInLog.record({
      account: session.email,
      type: 'signInOidcEnded',
      ip: '',
      userAgent: '',
      protocol: 'web',
    });
  }
}
