import type { FastifyBaseLogger } from 'fastify';
import type { AppEvent, MessageSummary } from '@webmail/contracts';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { FolderChange, WatcherListener } from '../../mail/watch/mailbox-watcher.js';
import type { MessagesService } from '../messages/messages.service.js';

/**
 * More flag changes at once than a page patches row by row: a folder update instead, and the pages read the folder's
 * lists again. Mail that was not saved through Dovecot (maildirs copied in a migration) gets its attachment keywords
 * (`$HasAttachment` / `$HasNoAttachment`, mailstack's dovecot.conf) when the indexer first parses it: every message
 * of the folder then counts as changed, a FETCH of 5,000 entries for a 5,000-message Inbox (~20 ms of a desktop's
 * main thread in every open page, most of it for rows not loaded). Another client marking a whole folder read is
 * the same.
 */
export const flagChangesMax = 500;

/**
 * Turns what an account's mailbox watcher saw into the stream's mail commands: COUNTERS (a folder's unseen and
 * total), EXISTS (new messages, with their list rows), EXPUNGE (UIDs gone) and FETCH (flags changed), and a
 * folder update when folders were created, renamed or deleted (or a folder's UIDs were reset, or more flags changed
 * than `flagChangesMax`).
 */
export function mailEventsFor(
  account: string,
  deps: {
    folderIds: FolderIdsRepository;
    messages: Pick<MessagesService, 'rowsOf'>;
    publish: (event: AppEvent) => void;
    /** New mail was announced: read it ahead for the account's sessions (not awaited). */
    readAhead: (mailboxId: string, messages: MessageSummary[]) => void;
    log: FastifyBaseLogger;
  },
): WatcherListener {
  const idOf = async (path: string) => (await deps.folderIds.idsFor(account, [path])).get(path)?.id;
  return {
    counters(folders) {
      void (async () => {
        const counters = [];
        for (const { path, status } of folders) {
          const mailboxId = await idOf(path);
          if (mailboxId) counters.push({ mailboxId, unseen: status.unseen, total: status.messages });
        }
        if (counters.length) deps.publish({ command: 'COUNTERS', counters });
      })().catch((err: unknown) => deps.log.warn({ err }, 'counters event failed'));
    },
    async changed(change: FolderChange) {
      const mailboxId = await idOf(change.path);
      if (!mailboxId) return;
      if (change.reset) return deps.publish({ command: 'folderUpdate', mailboxId });
      if (change.expungedUids.length) {
        deps.publish({ command: 'EXPUNGE', mailboxId, uids: change.expungedUids });
      }
      if (change.flagChanges.length > flagChangesMax) {
        deps.publish({ command: 'folderUpdate', mailboxId });
      } else if (change.flagChanges.length) {
        const changes = change.flagChanges.map(({ uid, flags }) => ({
          uid,
          seen: flags.has('\\Seen'),
          flagged: flags.has('\\Flagged'),
          answered: flags.has('\\Answered'),
        }));
        deps.publish({ command: 'FETCH', mailboxId, changes });
      }
      if (change.newUids.length) {
        const messages = await deps.messages.rowsOf(change.folder, mailboxId, change.newUids);
        if (!messages.length) return;
        deps.publish({ command: 'EXISTS', mailboxId, messages });
        deps.readAhead(mailboxId, messages);
      }
    },
    foldersChanged() {
      deps.publish({ command: 'folderUpdate', mailboxId: '' });
    },
  };
}
