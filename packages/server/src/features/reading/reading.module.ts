import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { ThreadIndexes } from '../../mail/imap/thread-index.js';
import type { MailSessions } from '../../mail/mail-session.js';
import { KnownFolderStatusSource } from '../../mail/watch/folder-status.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { MessageDownloadsService } from './message-downloads.service.js';
import { readingRoutes } from './reading.routes.js';
import { ThreadService } from './thread.service.js';

export interface ReadingModuleDeps {
  mail: MailSessions;
  mailboxes: MailboxesService;
  /** The accounts' folder conversation indexes (shared: a folder's content is the same for every session). */
  threadIndexes: ThreadIndexes;
}

/** The conversation view, attachment and source downloads, the zip of a message's attachments. */
export function createReadingModule(deps: ReadingModuleDeps): {
  module: FeatureModule;
  threads: ThreadService;
  /** Folder states the accounts' mailbox watchers know: the events feature provides them from its module. */
  folderStatus: Pick<KnownFolderStatusSource, 'provide'>;
} {
  const folderStatus = new KnownFolderStatusSource();
  const threads = new ThreadService(
    deps.mailboxes,
    deps.threadIndexes,
    (asking, fn) => deps.mail.forAccountWork(asking, 'thread-index', fn),
    undefined,
    folderStatus.statusOf,
  );
  const downloads = new MessageDownloadsService();
  return {
    module: { name: 'reading', routes: readingRoutes(deps.mail, threads, downloads) },
    threads,
    folderStatus,
  };
}
