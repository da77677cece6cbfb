import { defaultSpamLevel, noAutoreply, type Autoreply } from '@webmail/contracts';
import type { MailSession } from '../../mail/mail-session.js';
import { storedAutoreply, storedTargets } from './filter-columns.js';
import type { ChangeOrigin, FilterScript } from './filter-script.js';

/**
 * Forwarding targets (a local copy always stays), the auto-reply and the spam level: account settings that live
 * in the same Sieve script as the filters, so every change goes through `FilterScript.commit`.
 */
export class DeliverySettingsService {
  constructor(private readonly script: FilterScript) {}

  async targets(mail: MailSession): Promise<string[]> {
    return storedTargets(await this.script.repository.settings(mail.email));
  }

  async setTargets(mail: MailSession, targets: string[], origin: ChangeOrigin): Promise<string[]> {
    const unique = [...new Set(targets.map((t) => t.trim().toLowerCase()))];
    const context = await this.script.context(mail);
    await this.script.commit(mail, context, (repo) =>
      repo.updateSettings(mail.email, { targets: JSON.stringify(unique) }),
    );
    this.script.changed(mail, origin, 'forwardingChanged');
    return unique;
  }

  async autoreply(mail: MailSession): Promise<Autoreply> {
    return storedAutoreply(await this.script.repository.settings(mail.email)) ?? { ...noAutoreply };
  }

  async setAutoreply(mail: MailSession, autoreply: Autoreply): Promise<Autoreply> {
    const context = await this.script.context(mail);
    await this.script.commit(mail, context, (repo) =>
      repo.updateSettings(mail.email, { autoreply: JSON.stringify(autoreply) }),
    );
    return autoreply;
  }

  async spamLevel(mail: MailSession): Promise<{ spamLevel: number; available: boolean | null }> {
    const settings = await this.script.repository.settings(mail.email);
    return { spamLevel: settings.spam_level, available: await this.script.spamLevelAvailable() };
  }

  async setSpamLevel(
    mail: MailSession,
    spamLevel: number,
  ): Promise<{ spamLevel: number; available: boolean | null }> {
    const context = await this.script.context(mail);
    await this.script.commit(mail, context, (repo) =>
      repo.updateSettings(mail.email, { spam_level: spamLevel }),
    );
    // The upload has just read the server's capability: this answer costs no second connection.
    return { spamLevel, available: await this.script.spamLevelAvailable() };
  }

  /** Targets and spam level for the user details. */
  async detailsOf(account: string): Promise<{ targets: string[]; spamLevel: number }> {
    const settings = await this.script.repository.settings(account);
    return {
      targets: (await this.script.disabled(account)).has('targets') ? [] : storedTargets(settings),
      spamLevel: settings.spam_level ?? defaultSpamLevel,
    };
  }
}
