import { refusal } from '../../infra/errors.js';
import type { MailConnection, MailFolder } from '../../mail/mail-session.js';
import { headerValue } from '../../mail/mime/thread-id.js';

/** The header that ties every saved version of one draft together (also for other IMAP clients). */
export const draftIdHeader = 'X-Webmail-Draft-Id';

export type SpecialFolder = '\\Drafts' | '\\Sent';

/** The path of a special-use folder on this connection, or a 403 naming the missing folder. */
export async function specialFolderPath(connection: MailConnection, use: SpecialFolder): Promise<string> {
  const entries = await connection.list();
  const path = entries.find((e) => e.specialUse === use)?.path;
  if (!path) {
    const [reason, name] =
      use === '\\Drafts'
        ? (['draftsFolderNotSet', 'Drafts'] as const)
        : (['sentFolderNotSet', 'Sent'] as const);
    throw refusal('Forbidden', 403, reason, `The account has no ${name} folder`);
  }
  return path;
}

/**
 * Stores a new version of a draft: APPEND it (\Draft \Seen), then expunge the older versions with the
 * same draft id, so other IMAP clients see exactly one draft at any time but one. Only versions with a
 * lower UID than the new one are removed: when two saves race (two tabs, two server processes), the
 * later APPEND wins and no save ever removes a newer one. Returns the new version's UID.
 */
export async function replaceDraft(connection: MailConnection, path: string, draftId: string, raw: Buffer) {
  return connection.inPath(path, async (folder) => {
    // A refusal (a full mailbox: `mailboxFull`) throws and no older version is touched.
    const appended = await folder.append(raw, ['\\Draft', '\\Seen']);
    const versions = await draftUids(folder, draftId);
    // Without UIDPLUS the APPEND reports no UID; the newest version is then the highest UID found.
    const uid = appended.uid ?? Math.max(...versions);
    const older = versions.filter((u) => u < uid);
    await folder.delete(older);
    return uid;
  });
}

/**
 * UIDs of every stored version of a draft in the selected folder. Not UID SEARCH HEADER: servers with a
 * full-text index answer header searches from it, and Dovecot's fts-xapian (the reference server) does
 * not index a 36-character id, so the search finds nothing. Fetching the one header of each message is
 * exact on every server and cheap for a Drafts folder.
 */
export async function draftUids(folder: MailFolder, draftId: string): Promise<number[]> {
  // Versions another connection or server process stored are reported only after a command: NOOP.
  await folder.noop();
  if (folder.mailbox.exists === 0) return [];
  const rows = await folder.fetchAll('1:*', { uid: true, headers: [draftIdHeader] });
  return rows
    .filter((r) => headerValue(r.headers, draftIdHeader) === draftId)
    .map((r) => r.uid)
    .sort((a, b) => a - b);
}

/** The draft's newest version and its source, or null when the folder holds none. */
export async function readDraft(connection: MailConnection, path: string, draftId: string) {
  return connection.inPath(path, async (folder) => {
    const uid = (await draftUids(folder, draftId)).pop();
    if (uid === undefined) return null;
    const row = await folder.fetchOne(uid, { uid: true, source: true });
    if (!row || !row.source) return null;
    return { uid, source: row.source };
  });
}

/** Removes every version of a draft (after sending, or when the user discards it). */
export async function removeDraft(connection: MailConnection, path: string, draftId: string): Promise<void> {
  await connection.inPath(path, async (folder) => folder.delete(await draftUids(folder, draftId)));
}
