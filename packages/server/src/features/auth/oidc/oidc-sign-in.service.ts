import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { OidcRefusal } from '@webmail/contracts';
import { AppError } from '../../../infra/errors.js';
import type { MailSignIn } from '../../../mail/mail-sign-in.js';
import type { AuthService } from '../auth.service.js';
import type { SignInLog } from '../sign-in-log.js';
import type { OidcSessionRow, OidcSessionsRepository } from './oidc-sessions.repository.js';
import type { OidcMailTokens } from './oidc-mail-tokens.js';
import type { OidcFlowChecks, OidcIdentity, OidcRelyingParty } from './oidc-relying-party.js';

export type OidcOutcome =
  | { kind: 'signedIn'; result: Awaited<ReturnType<AuthService['startSession']>> }
  | { kind: 'refused'; reason: OidcRefusal };

interface Client {
  ip: string;
  userAgent: string;
}

const Address = z.email();
type Verified = Awaited<ReturnType<MailSignIn['verifyDelegated']>>;

/**
 * Single sign-on: the identity provider vouches for who the user is, the mail server (through the webmail's
 * delegated door) for the mailbox existing, and the session is then started exactly as a password sign-in starts
 * one (the device's next free slot, several accounts per device). The webmail's own second factor is not asked:
 * the provider's sign-in is the account's, two-step included.
 */
export class OidcSignIn {
  constructor(
    readonly rp: OidcRelyingParty,
    private readonly auth: AuthService,
    private readonly signIn: MailSignIn,
    private readonly sessions: OidcSessionsRepository,
    private readonly signInLog: SignInLog,
    private readonly log: FastifyBaseLogger,
    /** Token pass-through (the session's mail logins use the user's access token); null: the delegated door. */
    readonly mailTokens: OidcMailTokens | null = null,
  ) {}

  /** Signs the provider's answer in on `deviceId`, or says why not; nothing is left half signed in. */
  async complete(callbackUrl: URL, checks: OidcFlowChecks, deviceId: string, client: Client) {
    let identity: OidcIdentity;
    try {
      identity = await this.rp.finish(callbackUrl, checks, this.mailTokens?.now());
    } catch (err) {
      // A tampered state, a replayed code, a wrong nonce, a bad signature: the library names which; the user
      // gets one plain refusal.
      this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'single sign-on refused');
      return refused('ssoFailed');
    }
    const address = this.addressOf(identity.claims);
    if (typeof address !== 'string') return refused(address.refusal);
    const mailbox = await this.openMailbox(address, identity, client);
    if ('kind' in mailbox) return mailbox;
    return this.start(address, identity, deviceId, client, mailbox.verified);
  }

  /**
   * The mailbox the claim names, opened through the delegated door or with the user's access token (the mail server
   * asks the provider whose it is); a refusal when the server has none or does not take the token.
   */
  private async openMailbox(
    address: string,
    identity: OidcIdentity,
    client: Client,
  ): Promise<OidcOutcome | { verified: Verified }> {
    try {
      const verified = this.mailTokens
        ? await this.signIn.verifyToken(address, identity.tokens.accessToken)
        : await this.signIn.verifyDelegated(address);
      return { verified };
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'AuthFailed')) throw err;
      this.log.warn('single sign-on for an address the mail server does not know');
      await this.signInLog.record({ account: address, ...client, protocol: 'web', type: 'signInFailed' });
      return refused('ssoUnknownAddress');
    }
  }

  private async start(
    address: string,
    identity: OidcIdentity,
    deviceId: string,
    client: Client,
    verified: Verified,
  ) {
    const result = await this.auth.startSession(address, '', deviceId, client, verified);
    try {
      await this.sessions.insert({
        session_id: result.sessionId,
        subject: identity.subject,
        sid: identity.sid,
        id_token: identity.idToken,
        created_at: Date.now(),
        tokens_sealed: this.mailTokens?.seal(result.tokens.sessionKey, identity.tokens) ?? null,
      });
    } catch (err) {
      await this.auth.endSessionById(result.sessionId);
      throw err;
    }
    await this.signInLog.record({ account: address, ...client, protocol: 'web', type: 'signInOidc' });
    return { kind: 'signedIn' as const, result };
  }

  /** The address of the configured claim; `email` counts only when the provider says it verified it. */
  private addressOf(claims: Record<string, unknown>): string | { refusal: OidcRefusal } {
    const claim = this.rp.addressClaim;
    const value = claims[claim];
    if (typeof value !== 'string' || !Address.safeParse(value.trim()).success)
      return { refusal: 'ssoFailed' };
    if (claim === 'email' && claims.email_verified !== true) return { refusal: 'ssoUnverifiedAddress' };
    return value.trim().toLowerCase();
  }

  /** Ends the webmail sessions a verified logout token names. Returns how many ended. */
  async backchannelLogout(token: string): Promise<number> {
    const target = await this.rp.verifyLogoutToken(token);
    let ended = 0;
    for (const row of await this.sessions.named(target)) {
      if (await this.auth.endSessionById(row.session_id)) ended += 1;
      await this.sessions.remove(row.session_id);
    }
    return ended;
  }

  /** The provider's end-session URL for a session single sign-on started, else null. */
  async endSessionUrl(sessionId: string, postLogoutRedirectUri: string): Promise<string | null> {
    const row = await this.sessions.find(sessionId);
    if (!row) return null;
    await this.sessions.remove(sessionId);
    return this.rp.endSessionUrl(row.id_token, postLogoutRedirectUri).catch(() => null);
  }

  /** The single sign-on rows of these sessions (read before they end: an ended session's row goes with it). */
  async signOnsOf(sessionIds: string[]): Promise<OidcSessionRow[]> {
    const rows = await Promise.all(sessionIds.map((id) => this.sessions.find(id)));
    return rows.filter((row) => !!row);
  }

  /**
   * The end-session URL when several sessions end together (device logout), else null. A browser holds one
   * session at a provider, its latest sign-in's (a later sign-in there replaces the earlier account), so one
   * end-session call with that sign-in's ID token as the hint ends it.
   */
  async endSessionUrlOfAll(ended: OidcSessionRow[], postLogoutRedirectUri: string): Promise<string | null> {
    const latest = [...ended].sort((a, b) => b.created_at - a.created_at)[0];
    if (!latest) return null;
    return this.rp.endSessionUrl(latest.id_token, postLogoutRedirectUri).catch(() => null);
  }

  /** Whether a session was started by single sign-on (its second factor is the provider's). */
  async isSingleSignOn(sessionId: string): Promise<boolean> {
    return !!(await this.sessions.find(sessionId));
  }
}

function refused(reason: OidcRefusal): OidcOutcome {
  return { kind: 'refused', reason };
}
