import type { SieveScriptState } from '@webmail/contracts';
import { AppError, mailServerRetryAfterSeconds, refusal } from '../../infra/errors.js';
import type { MailLogin } from '../../mail/mail-access.js';
import { ManageSieveClient, ManageSieveError } from '../../mail/sieve/managesieve-client.js';
import { extensionPurpose, scriptMarker, type CompiledScript } from './filters-compiler.js';

const capabilityCacheMs = 5 * 60_000;

/** The name of the webmail's script on the Sieve server. */
export const scriptName = 'webmail';

/** The account's login (its own password, or the webmail's delegated one). */
export type SieveCredentials = MailLogin;

/**
 * Puts the compiled script on the account's ManageSieve server, never destroying what another client wrote:
 *  - the script is checked (CHECKSCRIPT) and its extensions compared with the server's SIEVE capability first;
 *  - a script named `webmail` that we did not write (no marker line) is renamed `webmail-previous-<time>` first;
 *  - ours becomes active only when no script is active, or when the user said yes (`takeOver`); another
 *    client's active script otherwise stays active and the answer says so (`foreign`).
 */
export class SieveSync {
  private offered: { extensions: string[]; at: number } | null = null;

  constructor(private readonly server: { host: string; port: number }) {}

  async state(credentials: SieveCredentials): Promise<SieveScriptState> {
    return this.session(credentials, async (client) => this.stateOf(client));
  }

  /**
   * The server's SIEVE capability, from the ManageSieve greeting (no sign-in needed); cached for a few minutes,
   * as it changes only with the server's configuration. null when the server cannot be reached.
   */
  async offeredExtensions(): Promise<string[] | null> {
    if (this.offered && Date.now() - this.offered.at < capabilityCacheMs) return this.offered.extensions;
    try {
      const client = await ManageSieveClient.connect(this.server);
      const extensions = client.sieveExtensions;
      await client.logout();
      this.offered = { extensions, at: Date.now() };
      return extensions;
    } catch {
      return null;
    }
  }

  /** Compiles for what the server offers (`compile` gets its SIEVE capability), checks and uploads. */
  async upload(
    credentials: SieveCredentials,
    compile: (offered: readonly string[]) => CompiledScript,
    options: { takeOver?: boolean } = {},
  ): Promise<SieveScriptState> {
    return this.session(credentials, async (client) => {
      this.offered = { extensions: client.sieveExtensions, at: Date.now() };
      const compiled = compile(client.sieveExtensions);
      checkExtensions(compiled.extensions, client.sieveExtensions);
      await this.step('CHECKSCRIPT', () => client.checkScript(compiled.script));
      const scripts = await client.listScripts();
      const activeBefore = scripts.find((s) => s.active);
      let foreignUnderOurName = false;
      if (scripts.some((s) => s.name === scriptName)) {
        foreignUnderOurName = !(await client.getScript(scriptName)).startsWith(scriptMarker);
        // Someone else's script under our name: keep it (a renamed active script stays active).
        if (foreignUnderOurName)
          await client.renameScript(scriptName, `${scriptName}-previous-${Date.now()}`);
      }
      await this.step('HAVESPACE', () =>
        client.haveSpace(scriptName, Buffer.byteLength(compiled.script, 'utf8')),
      );
      await this.step('PUTSCRIPT', () => client.putScript(scriptName, compiled.script));
      const activeIsOurs = activeBefore?.name === scriptName && !foreignUnderOurName;
      if (!activeBefore || activeIsOurs || options.takeOver) await client.setActive(scriptName);
      return this.stateOf(client);
    });
  }

  private async stateOf(client: ManageSieveClient): Promise<SieveScriptState> {
    const active = (await client.listScripts()).find((s) => s.active);
    if (!active) return { state: 'none', activeName: null };
    const ours = active.name === scriptName && (await client.getScript(active.name)).startsWith(scriptMarker);
    return { state: ours ? 'ours' : 'foreign', activeName: active.name };
  }

  /** A refused check or upload changes nothing; the server's own report stays on `cause` (and in the log). */
  private async step(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (!(err instanceof ManageSieveError) || err.status !== 'NO') throw err;
      const rejected = refusal(
        'MailServerError',
        502,
        'sieveScriptRejected',
        err.code?.startsWith('QUOTA')
          ? 'The filters do not fit in the space the mail server allows for them'
          : `The mail server refused the filters (${what})`,
      );
      rejected.cause = err;
      throw rejected;
    }
  }

  private async session<T>(
    credentials: SieveCredentials,
    fn: (client: ManageSieveClient) => Promise<T>,
  ): Promise<T> {
    let client: ManageSieveClient;
    try {
      client = await ManageSieveClient.connect(this.server);
    } catch (err) {
      throw unavailable(err);
    }
    try {
      try {
        if (credentials.accessToken) {
          await client.authenticateBearer(credentials.user, credentials.accessToken);
        } else await client.authenticate(credentials.user, credentials.pass, credentials.authzid);
      } catch (err) {
        throw err instanceof ManageSieveError && err.status === 'NO'
          ? new AppError('MailServerError', 502, 'The filter server did not accept the account’s sign-in')
          : unavailable(err);
      }
      return await fn(client);
    } catch (err) {
      if (err instanceof ManageSieveError && err.status !== 'NO') throw unavailable(err);
      throw err;
    } finally {
      await client.logout();
    }
  }
}

function unavailable(cause: unknown): AppError {
  const error = new AppError(
    'MailServerUnavailable',
    503,
    'The filter server cannot be reached right now',
    undefined,
    {
      'Retry-After': String(mailServerRetryAfterSeconds),
    },
  );
  error.cause = cause;
  return error;
}

/** Refuses, in words, a script that needs what the server's SIEVE capability lacks. */
export function checkExtensions(required: readonly string[], offered: readonly string[]): void {
  const have = new Set(offered.map((e) => e.toLowerCase()));
  const missing = required.filter((e) => !have.has(e.toLowerCase()));
  if (missing.length === 0) return;
  const words = missing.map((e) => `${e} (${extensionPurpose[e] ?? 'filters'})`).join(', ');
  throw refusal(
    'ValidationError',
    422,
    'sieveExtensionMissing',
    `The mail server’s filters cannot do this: it lacks the Sieve extension${missing.length > 1 ? 's' : ''} ${words}`,
  );
}
