import type { ImapPool } from './imap/imap-pool.js';
import type { MailAccess } from './mail-access.js';
import type { MailConnector } from './mail-connector.js';

/** A password the mail server accepted, with the connection it opened. */
export interface VerifiedSignIn {
  /** Keep the connection as the new session's persistent one (no second LOGIN on the first request). */
  keepFor(sessionId: string): void;
  /** Close the connection (the sign-in did not go through after all). */
  discard(): Promise<void>;
}

/**
 * Checks a password the only way that is true for every standard mail server: an IMAP LOGIN. A wrong password
 * throws `AuthFailed` (401), an unreachable server `MailServerUnavailable` (503).
 */
export class MailSignIn {
  constructor(
    private readonly connector: MailConnector,
    private readonly pool: ImapPool,
    private readonly access: MailAccess,
  ) {}

  /**
   * Whether the session keeps the password (sealed with its cookie's key) for later logins: password mode only.
   * In delegated mode the password is checked here and then forgotten.
   */
  get keepsPassword(): boolean {
    return this.access.keepsPassword;
  }

  async verify(email: string, password: string): Promise<VerifiedSignIn> {
    return this.adoptable(await this.connector.connect({ user: email, pass: password }));
  }

  /** Whether accounts can be signed in without their password (single sign-on): delegated mail access only. */
  get opensWithoutPassword(): boolean {
    return this.access.delegated;
  }

  /**
   * An identity someone else vouched for (single sign-on): the account must exist on the mail server, which the
   * webmail's own door tells (a master login for an unknown account fails as `AuthFailed`).
   */
  async verifyDelegated(email: string): Promise<VerifiedSignIn> {
    return this.adoptable(await this.connector.connect(this.access.onBehalfOf(email)));
  }

  /**
   * An identity someone else vouched for, with the provider's access token (token pass-through): the mail server
   * asks the provider about the token, so the login succeeds only for the token owner's existing mailbox.
   */
  async verifyToken(email: string, accessToken: string): Promise<VerifiedSignIn> {
    return this.adoptable(await this.connector.connect({ user: email, pass: '', accessToken }));
  }

  private adoptable(client: Awaited<ReturnType<MailConnector['connect']>>): VerifiedSignIn {
    return {
      keepFor: (sessionId) => this.pool.adopt(sessionId, client),
      discard: async () => {
        await client.logout().catch(() => client.close());
      },
    };
  }
}
