import type { MailPush } from '@webmail/contracts';

/** What the pushes of one account say about one folder, folded together. */
export interface FolderNews {
  newUids: Set<number>;
  expungedUids: Set<number>;
  /** Messages whose flags changed (their flags are read afterwards: a push names what changed, not the result). */
  flagUids: Set<number>;
  /** The UIDVALIDITY the pushes were made under, if they named one. */
  uidValidity: number | null;
  /** Re-read the whole folder (a mass change was cut short). */
  reset: boolean;
}

export interface PushNews {
  folders: Map<string, FolderNews>;
  /** Folders were created, renamed or deleted. */
  foldersChanged: boolean;
}

/**
 * Folds the pushes of one account (one mailbox transaction each, in the order the mail server sent them) into what
 * changed per folder: a message that arrived and went again is neither new nor expunged for the client, flag
 * changes of new or expunged messages need no reading, and a cut-short transaction (`more`) resets its folders.
 */
export function pushNews(pushes: readonly MailPush[]): PushNews {
  const folders = new Map<string, FolderNews>();
  let foldersChanged = false;
  const folder = (path: string) => {
    let news = folders.get(path);
    if (!news) {
      news = {
        newUids: new Set(),
        expungedUids: new Set(),
        flagUids: new Set(),
        uidValidity: null,
        reset: false,
      };
      folders.set(path, news);
    }
    return news;
  };
  for (const push of pushes) {
    for (const e of push.events) {
      if (e.event === 'MailboxCreate' || e.event === 'MailboxRename' || e.event === 'MailboxDelete') {
        foldersChanged = true;
        continue;
      }
      const news = folder(e.mailbox);
      if (e.uidValidity !== undefined) {
        if (news.uidValidity !== null && news.uidValidity !== e.uidValidity) news.reset = true;
        news.uidValidity = e.uidValidity;
      }
      if (e.uid === undefined) continue;
      if (e.event === 'MessageNew' || e.event === 'MessageAppend') news.newUids.add(e.uid);
      else if (e.event === 'MessageExpunge') {
        if (!news.newUids.delete(e.uid)) news.expungedUids.add(e.uid);
        news.flagUids.delete(e.uid);
      } else if (!news.newUids.has(e.uid) && !news.expungedUids.has(e.uid)) news.flagUids.add(e.uid);
    }
    if (push.more) {
      for (const e of push.events) folder(e.mailbox).reset = true;
    }
  }
  return { folders, foldersChanged };
}
