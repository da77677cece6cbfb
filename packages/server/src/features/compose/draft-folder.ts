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
 * The header carrying the revision a version was saved at (the client's edit time): which version is the newest
 * is decided by it, not by the order the saves reached the mail server, which two server processes can invert.
 */
export const draftRevisionHeader = 'X-Webmail-Draft-Revision';

/** One stored version of a draft: its UID and the revision it was saved at (-1: none, e.g. another client's). */
interface DraftVersion {
  uid: number;
  revision: number;
}

/**
 * Stores a new version of a draft: APPEND it (\Draft \Seen), then keep only the newest version with the same
 * draft id — the highest revision, the later APPEND among equals — so other IMAP clients see one draft. When saves
 * race (two tabs, two server processes), each one removes every version but the newest it sees, so an older save
 * arriving late removes itself and never the newer one. Returns the new version's UID and whether it is the one
 * kept.
 */
export async function replaceDraft(
  connection: MailConnection,
  path: string,
  draftId: string,
  raw: Buffer,
): Promise<{ uid: number; kept: boolean }> {
  return connection.inPath(path, async (folder) => {
    // A refusal (a full mailbox: `mailboxFull`) throws and no older version is touched.
    const appended = await folder.append(raw, ['\\Draft', '\\Seen']);
    const versions = await draftVersions(folder, draftId);
    const newest = versions.at(-1);
    // Without UIDPLUS the APPEND reports no UID; the newest version is then taken for it.
    const uid = appended.uid ?? newest?.uid ?? 0;
    await folder.delete(versions.filter((v) => v !== newest).map((v) => v.uid));
    return { uid, kept: newest?.uid === uid };
  });
}

/** UIDs of every stored version of a draft in the selected folder, the newest last. */
export async function draftUids(folder: MailFolder, draftId: string): Promise<number[]> {
  return (await draftVersions(folder, draftId)).map((v) => v.uid);
}

/**
 * Every stored version of a draft, oldest first (by revision, then UID). Not UID SEARCH HEADER: servers with a
 * full-text index answer header searches from it, and Dovecot's fts-xapian (the reference server) does not index
 * a 36-character id, so the search finds nothing. Fetching the headers of each message is exact on every server
 * and cheap for a Drafts folder.
 */
async function draftVersions(folder: MailFolder, draftId: string): Promise<DraftVersion[]> {
  // Versions another connection or server process stored are reported only after a command: NOOP.
  await folder.noop();
  if (folder.mailbox.exists === 0) return [];
  const rows = await folder.fetchAll('1:*', { uid: true, headers: [draftIdHeader, draftRevisionHeader] });
  return rows
    .filter((r) => headerValue(r.headers, draftIdHeader) === draftId)
    .map((r) => ({ uid: r.uid, revision: revisionOf(headerValue(r.headers, draftRevisionHeader)) }))
    .sort((a, b) => a.revision - b.revision || a.uid - b.uid);
}

function revisionOf(value: string | null): number {
  const revision = Number(value ?? '');
  return value && Number.isSafeInteger(revision) ? revision : -1;
}

/**
 * The draft's newest version and its source, or null when the folder holds none. Older versions still there were
 * left by a save that never finished (its process killed after the APPEND): they go now, by the rule every save
 * follows (the newest stays), so the Drafts folder shows the draft once.
 */
export async function readDraft(connection: MailConnection, path: string, draftId: string) {
  return connection.inPath(path, async (folder) => {
    const uids = await draftUids(folder, draftId);
    const uid = uids.pop();
    if (uid === undefined) return null;
    await folder.delete(uids);
    const row = await folder.fetchOne(uid, { uid: true, source: true });
    if (!row || !row.source) return null;
    return { uid, source: row.source };
  });
}

/** Removes every version of a draft (after sending, or when the user discards it). */
export async function removeDraft(connection: MailConnection, path: string, draftId: string): Promise<void> {
  await connection.inPath(path, async (folder) => folder.delete(await draftUids(folder, draftId)));
}
