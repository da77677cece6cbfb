import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Where Dovecot's doveadm HTTP API listens and its API key (from the environment or a file). */
export interface DoveadmConfig {
  url: string;
  apiKey: string | null;
  apiKeyFile: string | null;
}

/** What a kick did: ended sessions, found none open, or could not be asked (no API configured or it failed). */
export type KickResult = 'kicked' | 'none' | 'unavailable';

/** doveadm's exit code when the mask matched no session (EX_NOUSER). */
const noSession = 68;

/**
 * Administrative actions on the mail server through Dovecot's doveadm HTTP API (`POST /doveadm/v1`, header
 * `Authorization: X-Dovecot-API <base64 key>`). Today one: `kick`, which ends every IMAP/POP3/ManageSieve session
 * of an account at once — the way a revoked credential stops working in sessions it had already opened (the
 * mail server only checks credentials at login). Dovecot 2.3 kicks by account or address, not by credential, so
 * the account's other clients are disconnected too and log in again with credentials still valid (the webmail's
 * own connections reconnect on next use). Without the API configured nothing is kicked: open sessions then run
 * until they end on their own.
 */
export class MailServerAdmin {
  private readonly authorization: string | null;

  constructor(
    private readonly config: DoveadmConfig | null,
    private readonly log: FastifyBaseLogger,
  ) {
    const key =
      config?.apiKey ?? (config?.apiKeyFile ? readFileSync(config.apiKeyFile, 'utf8').trim() : null);
    this.authorization = key ? `X-Dovecot-API ${Buffer.from(key).toString('base64')}` : null;
  }

  get available(): boolean {
    return this.config !== null && this.authorization !== null;
  }

  /** Ends every open session of `email` on the mail server. Never throws: the caller's change already stands. */
  async kick(email: string): Promise<KickResult> {
    if (!this.config || !this.authorization) return 'unavailable';
    try {
      const answer = await this.call([['kick', { mask: [email] }, 'kick']]);
      const [kind, body] = answer[0] ?? [];
      if (kind === 'doveadmResponse') return 'kicked';
      if (kind === 'error' && (body as { exitCode?: number }).exitCode === noSession) return 'none';
      this.log.error(
        { answer: kind, exitCode: (body as { exitCode?: number })?.exitCode },
        'doveadm kick failed',
      );
      return 'unavailable';
    } catch (err) {
      this.log.error({ err: { message: (err as Error).message } }, 'doveadm API unreachable');
      return 'unavailable';
    }
  }

  private async call(commands: unknown[]): Promise<Array<[string, unknown, string]>> {
    const response = await fetch(`${this.config!.url}/doveadm/v1`, {
      method: 'POST',
      headers: { authorization: this.authorization!, 'content-type': 'application/json' },
      body: JSON.stringify(commands),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`doveadm API answered ${response.status}`);
    return (await response.json()) as Array<[string, unknown, string]>;
  }
}
