import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../infra/errors.js';
import { uidsSavedBefore } from '../../mail/imap/save-date.js';
import type { MailConnection } from '../../mail/mail-session.js';
import type { FolderSettingsRepository } from './folder-settings.repository.js';

export interface RetentionResult {
  mailboxId: string;
  expunged: number;
}

/**
 * Folder retention (counted from when a message entered the folder). Expunges, in every
 * folder of the account that has a retention, the messages older than it: by RFC 8514 SAVEDATE where the
 * server has it (Dovecot 2.3 does), else by INTERNALDATE (for APPEND/COPY that is usually the arrival
 * time too, but a client may set it to anything).
 */
export class FolderRetentionService {
  constructor(
    private readonly settings: FolderSettingsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  async apply(account: string, connection: MailConnection, now = Date.now()): Promise<RetentionResult[]> {
    const results: RetentionResult[] = [];
    for (const folder of await this.settings.withRetention(account)) {
      if (folder.retentionMs === null) continue;
      const cutoff = now - folder.retentionMs;
      try {
        const expunged = await connection.inPath(folder.path, async (open) => {
          const uids = open.has('SAVEDATE')
            ? await uidsSavedBefore(open, cutoff)
            : // INTERNALDATE; imapflow sends WITHIN's OLDER (exact seconds) when offered, else BEFORE.
              await open.search({ before: new Date(cutoff) });
          if (uids.length === 0) return 0;
          // STORE \Deleted + UID EXPUNGE of exactly these UIDs; a refusal throws.
          await open.delete(uids);
          return uids.length;
        });
        results.push({ mailboxId: folder.id, expunged });
      } catch (err) {
        // A folder removed outside the webmail keeps its row until the next tree sync; skip it, go on.
        if (err instanceof AppError && err.status === 404) {
          this.log.warn({ mailboxId: folder.id }, 'retention: folder no longer exists');
          continue;
        }
        throw err;
      }
    }
    return results;
  }
}
